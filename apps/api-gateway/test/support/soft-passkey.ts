import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A passkey in software for the integration tests: an ES256 key, answers to registration and sign-in challenges
 * built as an authenticator builds them (WebAuthn Level 3: authenticator data, client data, 'none' attestation),
 * and a signature count the test controls, so that replays, counts going backwards and other origins can be tried
 * against the real gateway without a browser.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly x: Buffer;
  private readonly y: Buffer;
  counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.x = Buffer.from(jwk.x as string, 'base64url');
    this.y = Buffer.from(jwk.y as string, 'base64url');
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** The answer of `navigator.credentials.create` to these options, as @simplewebauthn/browser sends it. */
  register(options: { challenge: string }, origin = this.origin): Record<string, unknown> {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([
      this.authDataHead(0x45),
      Buffer.alloc(16), // AAGUID: none
      u16(this.credentialId.length),
      this.credentialId,
      this.coseKey(),
    ]);
    // CBOR map {fmt: 'none', attStmt: {}, authData: bytes}.
    const attestationObject = Buffer.concat([
      Buffer.from([0xa3, 0x63]), Buffer.from('fmt'), Buffer.from([0x64]), Buffer.from('none'),
      Buffer.from([0x67]), Buffer.from('attStmt'), Buffer.from([0xa0]),
      Buffer.from([0x68]), Buffer.from('authData'), Buffer.from([0x59]), u16(authData.length), authData,
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: clientDataJSON.toString('base64url'), attestationObject: attestationObject.toString('base64url'), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer of `navigator.credentials.get` to this challenge, signed with the count as it is (set `counter` first). */
  assert(challenge: string, origin = this.origin): Record<string, unknown> {
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const authenticatorData = this.authDataHead(0x05);
    const signature = sign('sha256', Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: clientDataJSON.toString('base64url'), authenticatorData: authenticatorData.toString('base64url'), signature: signature.toString('base64url') },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** SHA-256 of the RP ID, the flags, the signature count (big-endian). */
  private authDataHead(flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), count]);
  }

  /** The public key as a COSE_Key (CBOR map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}). */
  private coseKey(): Buffer {
    return Buffer.concat([Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]), this.x, Buffer.from([0x22, 0x58, 0x20]), this.y]);
  }
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

import { Inject, Injectable } from '@nestjs/common';
import {
  AuthMessage,
  ConflictError,
  type PasskeyAssertion,
  type PasskeySummary,
  type RegisterPasskeyRequest,
  ValidationError,
} from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig, webauthnRelyingParty, type WebauthnRelyingParty } from '@shop/server-config';
import type * as WebAuthn from '@simplewebauthn/server';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AdminUserEntity } from './admin-user.entity';
import { passkeySummary } from './passkey-summary';
import { type ChallengePurpose, PasskeysRepository } from './passkeys.repository';
import { TOTP_ISSUER } from './second-factor.service';

/** How long the browser may take over a passkey prompt, and how long its challenge is kept (a little longer). */
export const PASSKEY_TIMEOUT_MS = 120_000;
export const CHALLENGE_TTL_SECONDS = 180;

/** The WebAuthn library, loaded with the first passkey ceremony rather than at start (an idle gateway does not use it). */
const webauthn = (): Promise<typeof WebAuthn> => import('@simplewebauthn/server');

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server) as a second factor: registered from a signed-in session, used at
 * sign-in after the right password. Every challenge is kept server-side, bound to its account and purpose, and
 * taken once before it expires. Origin and RP ID come from WEBAUTHN_ORIGIN / WEBAUTHN_RP_ID (see webauthnRelyingParty).
 * A signature count that does not move on (a cloned authenticator) is refused, where the authenticator keeps one.
 */
@Injectable()
export class PasskeyService {
  private readonly rp: WebauthnRelyingParty | null;

  constructor(
    private readonly passkeys: PasskeysRepository,
    @Inject(APP_CONFIG) config: GatewayConfig,
  ) {
    this.rp = webauthnRelyingParty(config);
  }

  /** The options of `navigator.credentials.create` for a new passkey of the account (its own passkeys excluded). */
  async registrationOptions(user: AdminUserEntity): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const rp = this.relyingParty();
    const existing = await this.passkeys.listFor(user.id);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: TOTP_ISSUER,
      rpID: rp.rpId,
      userName: user.username,
      userID: new TextEncoder().encode(user.id),
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.passkeys.saveChallenge(user.id, 'register', options.challenge, CHALLENGE_TTL_SECONDS);
    return options;
  }

  /** Checks the browser's answer to the registration challenge and keeps the new passkey under its name. */
  async register(user: AdminUserEntity, request: RegisterPasskeyRequest): Promise<PasskeySummary> {
    const rp = this.relyingParty();
    const { verifyRegistrationResponse } = await webauthn();
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: request.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: (challenge) => this.passkeys.takeChallenge(user.id, 'register', challenge),
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        requireUserVerification: false,
      });
    } catch {
      // The library says why in English meant for developers; the owner is told to try again.
      throw new ValidationError(AuthMessage.InvalidPasskey);
    }
    if (!verified.verified) throw new ValidationError(AuthMessage.InvalidPasskey);
    const { credential } = verified.registrationInfo;
    const added = await this.passkeys.add(user.id, {
      name: request.name,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    if (!added) throw new ConflictError(AuthMessage.PasskeyAlreadyAdded);
    const saved = await this.passkeys.findCredential(user.id, credential.id);
    if (!saved) throw new ConflictError(AuthMessage.PasskeyAlreadyAdded);
    return passkeySummary(saved);
  }

  /** The options of `navigator.credentials.get` at sign-in: a challenge for the account's passkeys. */
  async signInOptions(user: AdminUserEntity): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const rp = this.relyingParty();
    const passkeys = await this.passkeys.listFor(user.id);
    if (passkeys.length === 0) throw new ConflictError(AuthMessage.NoPasskey);
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'preferred',
    });
    await this.passkeys.saveChallenge(user.id, 'sign-in', options.challenge, CHALLENGE_TTL_SECONDS);
    return options;
  }

  /**
   * True when the assertion is from one of the account's passkeys, signed over a sign-in challenge given to this
   * account (taken now, so it works once), at this origin and RP ID, with a signature count that moved on.
   */
  async verifyAtSignIn(user: AdminUserEntity, assertion: PasskeyAssertion): Promise<boolean> {
    if (!this.rp) return false;
    const stored = await this.passkeys.findCredential(user.id, assertion.id);
    if (!stored) return this.spend(user.id, 'sign-in');
    try {
      const { verifyAuthenticationResponse } = await webauthn();
      const result = await verifyAuthenticationResponse({
        response: assertion as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: (challenge) => this.passkeys.takeChallenge(user.id, 'sign-in', challenge),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.rpId,
        credential: { id: stored.credentialId, publicKey: stored.publicKey, counter: stored.counter, transports: stored.transports },
        requireUserVerification: false,
      });
      if (!result.verified) return this.spend(user.id, 'sign-in');
      return this.passkeys.recordUse(stored.id, stored.counter, result.authenticationInfo.newCounter);
    } catch {
      // A bad signature, another origin, an unknown or used challenge, or a count that went backwards.
      return this.spend(user.id, 'sign-in');
    }
  }

  /** A failed attempt spends the account's outstanding challenge too: the next try starts over. */
  private async spend(userId: string, purpose: ChallengePurpose): Promise<false> {
    await this.passkeys.dropChallenges(userId, purpose);
    return false;
  }

  private relyingParty(): WebauthnRelyingParty {
    if (!this.rp) throw new ConflictError(AuthMessage.PasskeysUnavailable);
    return this.rp;
  }
}

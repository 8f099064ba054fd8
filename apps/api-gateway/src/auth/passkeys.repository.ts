import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

/** A passkey as stored: what WebAuthn needs to check an assertion, and what the owner sees of it. */
export interface StoredPasskey {
  id: string;
  name: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type ChallengePurpose = 'register' | 'sign-in';

interface PasskeyRow {
  id: string;
  name: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = `id, name, credential_id, public_key, counter, transports, created_at, last_used_at`;

const toPasskey = (r: PasskeyRow): StoredPasskey => ({
  id: r.id,
  name: r.name,
  credentialId: r.credential_id,
  publicKey: new Uint8Array(r.public_key),
  counter: Number(r.counter),
  transports: r.transports,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

/** All SQL of the owner's passkeys (identity.admin_passkeys) and of their challenges (identity.webauthn_challenges). */
@Injectable()
export class PasskeysRepository {
  constructor(private readonly tx: TransactionContext) {}

  async listFor(userId: string): Promise<StoredPasskey[]> {
    const rows = await queryRows<PasskeyRow>(this.tx.db(), `SELECT ${COLUMNS} FROM identity.admin_passkeys WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
    return rows.map(toPasskey);
  }

  async countFor(userId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(this.tx.db(), `SELECT count(*)::int AS n FROM identity.admin_passkeys WHERE user_id = $1`, [userId]);
    return row.n;
  }

  /** The account's passkey with this credential id, if it is one of the account's. */
  async findCredential(userId: string, credentialId: string): Promise<StoredPasskey | null> {
    const [row] = await queryRows<PasskeyRow>(
      this.tx.db(),
      `SELECT ${COLUMNS} FROM identity.admin_passkeys WHERE user_id = $1 AND credential_id = $2`,
      [userId, credentialId],
    );
    return row ? toPasskey(row) : null;
  }

  /** Saves a new passkey; false when that credential is already registered (to any account). */
  async add(userId: string, passkey: { name: string; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] }): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      `INSERT INTO identity.admin_passkeys (user_id, name, credential_id, public_key, counter, transports)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (credential_id) DO NOTHING
       RETURNING id`,
      [userId, passkey.name, passkey.credentialId, Buffer.from(passkey.publicKey), passkey.counter, passkey.transports],
    );
    return rows.length > 0;
  }

  /**
   * Records a sign-in with the passkey: its new signature count, only if it moved on from `seen` (one statement, so
   * two uses of the same count cannot both pass). An authenticator that keeps no count reports 0 every time.
   */
  async recordUse(id: string, seen: number, newCounter: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      `UPDATE identity.admin_passkeys SET counter = $3, last_used_at = now()
        WHERE id = $1 AND counter = $2 AND ($3 > $2 OR ($2 = 0 AND $3 = 0))
        RETURNING id`,
      [id, seen, newCounter],
    );
    return rows.length > 0;
  }

  /** Removes one of the account's passkeys; false when it has none with this id. */
  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(this.tx.db(), `DELETE FROM identity.admin_passkeys WHERE user_id = $1 AND id = $2 RETURNING id`, [userId, id]);
    return rows.length > 0;
  }

  /** Removes every passkey of the account (the admin-user command's reset). */
  async removeAll(userId: string): Promise<number> {
    const rows = await queryRows<{ id: string }>(this.tx.db(), `DELETE FROM identity.admin_passkeys WHERE user_id = $1 RETURNING id`, [userId]);
    await this.tx.db().query(`DELETE FROM identity.webauthn_challenges WHERE user_id = $1`, [userId]);
    return rows.length;
  }

  /** Keeps a challenge for the account and purpose; it replaces the older ones of that pair, and expired ones go. */
  async saveChallenge(userId: string, purpose: ChallengePurpose, challenge: string, ttlSeconds: number): Promise<void> {
    await this.tx.run(async () => {
      await this.tx.db().query(`DELETE FROM identity.webauthn_challenges WHERE (user_id = $1 AND purpose = $2) OR expires_at < now()`, [userId, purpose]);
      await this.tx.db().query(
        `INSERT INTO identity.webauthn_challenges (challenge, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [challenge, userId, purpose, ttlSeconds],
      );
    });
  }

  /** Drops the account's outstanding challenges of this purpose. */
  async dropChallenges(userId: string, purpose: ChallengePurpose): Promise<void> {
    await this.tx.db().query(`DELETE FROM identity.webauthn_challenges WHERE user_id = $1 AND purpose = $2`, [userId, purpose]);
  }

  /** Takes a challenge: true only once, for the account and purpose it was given to, before it expires. */
  async takeChallenge(userId: string, purpose: ChallengePurpose, challenge: string): Promise<boolean> {
    // Deleted even when expired: a late answer spends it too.
    const rows = await queryRows<{ fresh: boolean }>(
      this.tx.db(),
      `DELETE FROM identity.webauthn_challenges WHERE challenge = $1 AND user_id = $2 AND purpose = $3 RETURNING expires_at > now() AS fresh`,
      [challenge, userId, purpose],
    );
    return rows[0]?.fresh === true;
  }
}

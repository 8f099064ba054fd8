import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn) as a second factor of the owner (issue 24): the credentials of each account, and the
 * challenges handed out for a registration or a sign-in, each bound to its account and purpose, used once.
 */
export class OwnerPasskeys1795800000000 implements MigrationInterface {
  name = 'OwnerPasskeys1795800000000';

  async up(q: QueryRunner): Promise<void> {
    // credential_id is the authenticator's id (base64url); counter is the signature count last seen (0: it keeps none).
    await q.query(`
      CREATE TABLE identity.admin_passkeys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.admin_users (id) ON DELETE CASCADE,
        name text NOT NULL,
        credential_id text NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await q.query(`CREATE INDEX admin_passkeys_user_idx ON identity.admin_passkeys (user_id)`);
    await q.query(`
      CREATE TABLE identity.webauthn_challenges (
        challenge text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES identity.admin_users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX webauthn_challenges_user_idx ON identity.webauthn_challenges (user_id, purpose)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.webauthn_challenges`);
    await q.query(`DROP TABLE identity.admin_passkeys`);
  }
}

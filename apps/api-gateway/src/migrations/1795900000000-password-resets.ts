import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset by a mailed link (issue 26): each link's token is kept only as its SHA-256, with its account, when
 * it stops working (30 minutes after it was asked for) and when it was used (once).
 */
export class PasswordResets1795900000000 implements MigrationInterface {
  name = 'PasswordResets1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.password_resets (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES identity.admin_users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        CONSTRAINT password_resets_expiry CHECK (expires_at > created_at)
      )`);
    await q.query('CREATE INDEX password_resets_user_idx ON identity.password_resets (user_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE identity.password_resets');
  }
}

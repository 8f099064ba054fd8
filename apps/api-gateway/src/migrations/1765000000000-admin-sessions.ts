import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Server-side admin sessions (revocable, idle and absolute expiry) and the per-account login lockout. */
export class AdminSessions1765000000000 implements MigrationInterface {
  name = 'AdminSessions1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.admin_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.admin_users (id) ON DELETE CASCADE,
        flow text NOT NULL CHECK (flow IN ('cookie', 'bearer')),
        device_hash text NOT NULL,
        user_agent text NOT NULL DEFAULT '',
        client_ip text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        absolute_expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        CHECK (absolute_expires_at > created_at)
      )`);
    await q.query(`CREATE INDEX admin_sessions_user_active ON identity.admin_sessions (user_id) WHERE revoked_at IS NULL`);
    await q.query(`CREATE INDEX admin_sessions_user_device ON identity.admin_sessions (user_id, device_hash)`);
    // Keyed by the lower-cased username as typed, account or not, so that a lock says nothing about which names exist.
    await q.query(`
      CREATE TABLE identity.login_lockouts (
        username_key text PRIMARY KEY,
        failures integer NOT NULL CHECK (failures >= 0),
        last_failure_at timestamptz NOT NULL,
        locked_until timestamptz
      )`);
    // Tokens issued before sessions existed sat in browser storage: end them (the strategy refuses tokens older than updated_at).
    await q.query(`UPDATE identity.admin_users SET updated_at = now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.login_lockouts`);
    await q.query(`DROP TABLE identity.admin_sessions`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's sign-in (issue 24): one normalisation of usernames shared by the account lookup and the lockout,
 * a lockout keyed by account or device, a once-an-hour limit on alert mails, and the second factor (TOTP and
 * its recovery codes).
 */
export class OwnerSignIn1795700000000 implements MigrationInterface {
  name = 'OwnerSignIn1795700000000';

  async up(q: QueryRunner): Promise<void> {
    // One normalisation, in SQL only, for every lookup by name: NFKC, then Postgres's lower(). 'ADMİN' and 'ＡＤＭＩＮ'
    // are 'admin'. normalize() and lower() are immutable, so the index serves the lookups and keeps names unique.
    await q.query(`DROP INDEX identity.admin_users_username_key`);
    await q.query(`CREATE UNIQUE INDEX admin_users_username_key ON identity.admin_users (lower(normalize(username, NFKC)))`);

    // Locks are now keyed 'account:<id>', 'device:<hash>' or 'name:<normalised name>'; the old counts are short-lived.
    await q.query(`DELETE FROM identity.login_lockouts`);
    await q.query(`ALTER TABLE identity.login_lockouts RENAME COLUMN username_key TO lock_key`);

    // When a kind of alert mail was last sent about a subject (an account's lock), so that it is sent at most so often.
    await q.query(`
      CREATE TABLE identity.alert_throttle (
        topic text PRIMARY KEY,
        last_sent_at timestamptz NOT NULL
      )`);

    // TOTP (RFC 6238): the secret being enrolled until a first code confirms it, then the secret in use, and the
    // last time step accepted so that a code is never taken twice.
    await q.query(`
      ALTER TABLE identity.admin_users
        ADD COLUMN totp_pending_secret text,
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint`);
    await q.query(`
      CREATE TABLE identity.admin_recovery_codes (
        user_id uuid NOT NULL REFERENCES identity.admin_users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (user_id, code_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.admin_recovery_codes`);
    await q.query(`
      ALTER TABLE identity.admin_users
        DROP COLUMN totp_last_step, DROP COLUMN totp_enabled_at, DROP COLUMN totp_secret, DROP COLUMN totp_pending_secret`);
    await q.query(`DROP TABLE identity.alert_throttle`);
    await q.query(`DELETE FROM identity.login_lockouts`);
    await q.query(`ALTER TABLE identity.login_lockouts RENAME COLUMN lock_key TO username_key`);
    await q.query(`DROP INDEX identity.admin_users_username_key`);
    await q.query(`CREATE UNIQUE INDEX admin_users_username_key ON identity.admin_users (lower(username))`);
  }
}

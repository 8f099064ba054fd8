import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, mail health: `queued_at` is when the mail last entered the queue (made, or retried by the owner),
 * so the dashboard can tell a mail stuck for over ten minutes from one just retried; `failure_cause` keeps why
 * the last attempt failed, sorted when it happened (the error's code is not in `last_error`'s text).
 */
export class MailHealth1766426000000 implements MigrationInterface {
  name = 'MailHealth1766426000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications.mails ADD COLUMN queued_at timestamptz NOT NULL DEFAULT now(), ADD COLUMN failure_cause text`);
    await q.query(`UPDATE notifications.mails SET queued_at = created_at`);
    // Failures logged before the causes were sorted: 'other' (their raw text stays in last_error).
    await q.query(`UPDATE notifications.mails SET failure_cause = 'other' WHERE last_error IS NOT NULL`);
    await q.query(`CREATE INDEX mails_waiting_idx ON notifications.mails (queued_at) WHERE status IN ('queued', 'sending')`);
    await q.query(`CREATE INDEX mails_failed_idx ON notifications.mails (updated_at) WHERE status = 'failed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notifications.mails_failed_idx`);
    await q.query(`DROP INDEX notifications.mails_waiting_idx`);
    await q.query(`ALTER TABLE notifications.mails DROP COLUMN queued_at, DROP COLUMN failure_cause`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail log: one row per mail, unique per trigger + order + recipient (`dedupe_key`), so a repeated
 * order event never makes a second mail. The rendered content is kept so a retry sends the same mail.
 */
export class CreateMails1763900000000 implements MigrationInterface {
  name = 'CreateMails1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications.mails (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dedupe_key text NOT NULL,
        kind text NOT NULL,
        recipient text NOT NULL,
        reply_to text,
        order_id text,
        data jsonb NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        last_error text,
        subject text,
        text_body text,
        html_body text,
        sent_at timestamptz,
        provider_message_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mails_dedupe_key_key UNIQUE (dedupe_key),
        CONSTRAINT mails_sent_has_time CHECK (status <> 'sent' OR sent_at IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX mails_status_created_idx ON notifications.mails (status, created_at DESC)`);
    await q.query(`CREATE INDEX mails_created_idx ON notifications.mails (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications.mails`);
  }
}

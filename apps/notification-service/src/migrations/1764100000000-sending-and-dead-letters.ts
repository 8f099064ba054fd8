import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mail is marked `sending` (with the time) before it is handed to SMTP, so a retry after a lost write
 * knows a send may have happened and does not send again. Order events this service gave up on are kept in
 * `event_dead_letters` (one row per stream message and consumer), for the owner's mail log screen.
 */
export class SendingAndDeadLetters1764100000000 implements MigrationInterface {
  name = 'SendingAndDeadLetters1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications.mails DROP CONSTRAINT IF EXISTS mails_status_check`);
    await q.query(`ALTER TABLE notifications.mails ADD CONSTRAINT mails_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed'))`);
    await q.query(`ALTER TABLE notifications.mails ADD COLUMN sending_at timestamptz`);
    await q.query(`
      CREATE TABLE notifications.event_dead_letters (
        id bigserial PRIMARY KEY,
        stream text NOT NULL,
        consumer text NOT NULL,
        stream_sequence bigint NOT NULL,
        subject text NOT NULL,
        event text NOT NULL,
        event_id text,
        order_id text,
        payload jsonb NOT NULL,
        deliveries integer NOT NULL,
        error text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_dead_letters_message_key UNIQUE (stream, consumer, stream_sequence)
      )`);
    await q.query(`CREATE INDEX event_dead_letters_created_idx ON notifications.event_dead_letters (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications.event_dead_letters`);
    await q.query(`ALTER TABLE notifications.mails DROP COLUMN sending_at`);
    await q.query(`ALTER TABLE notifications.mails DROP CONSTRAINT mails_status_check`);
    await q.query(`ALTER TABLE notifications.mails ADD CONSTRAINT mails_status_check CHECK (status IN ('queued', 'sent', 'failed'))`);
  }
}

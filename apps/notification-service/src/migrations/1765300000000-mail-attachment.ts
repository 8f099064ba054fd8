import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 17: a mail may carry one attachment (the receipt PDF), made when the mail is rendered and kept so a retry sends the same file. */
export class MailAttachment1765300000000 implements MigrationInterface {
  name = 'MailAttachment1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications.mails ADD COLUMN attachment_name text, ADD COLUMN attachment_content bytea`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications.mails DROP COLUMN attachment_name, DROP COLUMN attachment_content`);
  }
}

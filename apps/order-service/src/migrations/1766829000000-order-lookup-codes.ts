import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29, "Find my orders": the 6-digit codes mailed to a shopper, kept as a SHA-256 of the row id and the code
 * (never the code), with the contact typed, the mailbox it went to, its end and its wrong tries; and indexes to find
 * a mailbox's or a phone number's orders.
 */
export class OrderLookupCodes1766829000000 implements MigrationInterface {
  name = 'OrderLookupCodes1766829000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders.lookup_codes (
        id uuid PRIMARY KEY,
        contact text NOT NULL CHECK (char_length(contact) <= 200),
        email text NOT NULL CHECK (char_length(email) <= 200),
        code_hash text NOT NULL CHECK (char_length(code_hash) = 64),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        tries integer NOT NULL DEFAULT 0 CHECK (tries >= 0),
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX lookup_codes_contact_idx ON orders.lookup_codes (contact, expires_at)`);
    await q.query(`CREATE INDEX orders_email_lower_idx ON orders.orders (lower(email))`);
    await q.query(`CREATE INDEX orders_phone_idx ON orders.orders (phone)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders.orders_phone_idx`);
    await q.query(`DROP INDEX orders.orders_email_lower_idx`);
    await q.query(`DROP TABLE orders.lookup_codes`);
  }
}

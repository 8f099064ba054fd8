import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28's back-in-stock ("Notify me"): `catalog.stock_waits` holds one shopper waiting for one sold-out variant
 * (by variant id: a product without options waits on its implicit variant, whose id is the product's). The contact is
 * stored normalised (an e-mail address lower-cased, a WhatsApp number as international digits); one contact waits at
 * most once per variant while it waits (`notified_at IS NULL`). The unsubscribe token (made when the shopper is told) is stored as its SHA-256
 * only; using it ends every wait of that contact and marks the told sign-up `unsubscribed_at`.
 * `site_settings.back_in_stock_days` is how long a sign-up waits (Site Settings, 90 days by default).
 */
export class StockWaits1766800028500 implements MigrationInterface {
  name = 'StockWaits1766800028500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.stock_waits (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        variant_id uuid NOT NULL REFERENCES catalog.product_variants (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'whatsapp')),
        contact text NOT NULL CHECK (length(contact) BETWEEN 3 AND 254),
        consent_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        notified_at timestamptz,
        unsubscribe_hash bytea UNIQUE CHECK (unsubscribe_hash IS NULL OR length(unsubscribe_hash) = 32),
        unsubscribed_at timestamptz,
        CHECK (expires_at > created_at)
      )`);
    await q.query(`CREATE UNIQUE INDEX stock_waits_waiting_key ON catalog.stock_waits (variant_id, channel, contact) WHERE notified_at IS NULL`);
    // The batch's look-up: waiting sign-ups by variant, oldest first.
    await q.query(`CREATE INDEX stock_waits_waiting_idx ON catalog.stock_waits (variant_id, created_at) WHERE notified_at IS NULL`);
    await q.query(`CREATE INDEX stock_waits_contact_idx ON catalog.stock_waits (channel, contact)`);
    await q.query(`CREATE INDEX stock_waits_expires_idx ON catalog.stock_waits (expires_at)`);
    await q.query(`
      ALTER TABLE catalog.site_settings
        ADD COLUMN back_in_stock_days integer NOT NULL DEFAULT 90 CHECK (back_in_stock_days BETWEEN 1 AND 365)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.site_settings DROP COLUMN back_in_stock_days`);
    await q.query(`DROP TABLE catalog.stock_waits`);
  }
}

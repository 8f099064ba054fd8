import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17: the VAT registration number printed on receipts and the low-stock threshold (site settings);
 * each product's low-stock flag (set, with an outbox row, by the order that takes its stock to the threshold
 * or below; cleared by the database whenever its stock rises above the threshold again, whatever raised it);
 * and the catalog's outbox, relayed to NATS like the order service's.
 */
export class ReceiptsLowStock1765300000000 implements MigrationInterface {
  name = 'ReceiptsLowStock1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE catalog.site_settings
        ADD COLUMN vat_registration_number text NOT NULL DEFAULT '',
        ADD COLUMN low_stock_threshold integer NOT NULL DEFAULT 3 CHECK (low_stock_threshold >= 0)`);
    await q.query(`ALTER TABLE catalog.products ADD COLUMN low_stock_alerted boolean NOT NULL DEFAULT false`);
    // Only rows whose flag is set and whose stock went up run it, so an order taking stock never reads the settings here.
    await q.query(`
      CREATE FUNCTION catalog.clear_low_stock_flag() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.count_in_stock > COALESCE((SELECT low_stock_threshold FROM catalog.site_settings WHERE singleton), 3) THEN
          NEW.low_stock_alerted := false;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER products_clear_low_stock_flag
        BEFORE UPDATE OF count_in_stock ON catalog.products
        FOR EACH ROW WHEN (NEW.low_stock_alerted AND NEW.count_in_stock > OLD.count_in_stock)
        EXECUTE FUNCTION catalog.clear_low_stock_flag()`);
    await q.query(`
      CREATE TABLE catalog.outbox (
        id bigserial PRIMARY KEY,
        event text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_pending_idx ON catalog.outbox (id) WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog.outbox`);
    await q.query(`DROP TRIGGER products_clear_low_stock_flag ON catalog.products`);
    await q.query(`DROP FUNCTION catalog.clear_low_stock_flag()`);
    await q.query(`ALTER TABLE catalog.products DROP COLUMN low_stock_alerted`);
    await q.query(`ALTER TABLE catalog.site_settings DROP COLUMN vat_registration_number, DROP COLUMN low_stock_threshold`);
  }
}

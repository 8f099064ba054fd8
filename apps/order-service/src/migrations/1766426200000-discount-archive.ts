import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: the owner archives a discount code she no longer wants (kept for the orders that used it): an
 * archived code works nowhere (checkout, banner) and leaves the default list, until she restores it.
 */
export class DiscountArchive1766426200000 implements MigrationInterface {
  name = 'DiscountArchive1766426200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.discount_codes ADD COLUMN archived_at timestamptz`);
    // An archived code is never on the banner.
    await q.query(`ALTER TABLE orders.discount_codes ADD CONSTRAINT discount_codes_archived_not_on_banner CHECK (archived_at IS NULL OR NOT on_banner)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.discount_codes DROP CONSTRAINT discount_codes_archived_not_on_banner`);
    await q.query(`ALTER TABLE orders.discount_codes DROP COLUMN archived_at`);
  }
}

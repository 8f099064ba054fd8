import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 25: the shopper's optional delivery note (a landmark, directions) kept with the address. */
export class DeliveryNote1766510000000 implements MigrationInterface {
  name = 'DeliveryNote1766510000000';

  async up(q: QueryRunner): Promise<void> {
    // Bounded as the checkout rules bound it (200 characters), so a row can never hold more than the form allows.
    await q.query(`ALTER TABLE orders.orders ADD COLUMN delivery_note text NOT NULL DEFAULT '' CHECK (char_length(delivery_note) <= 200)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders DROP COLUMN delivery_note`);
  }
}

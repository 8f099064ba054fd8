import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: the owner archives a finished order in place of deleting it. An archived order leaves the admin's
 * lists (a filter shows the archive, where it can be restored) and stays in the reports and the stats.
 */
export class OrderArchive1766430000000 implements MigrationInterface {
  name = 'OrderArchive1766430000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders ADD COLUMN archived_at timestamptz`);
    // The lists read the current orders, newest first; the archive is the smaller part.
    await q.query(`CREATE INDEX orders_archived_at_idx ON orders.orders (archived_at) WHERE archived_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders.orders_archived_at_idx`);
    await q.query(`ALTER TABLE orders.orders DROP COLUMN archived_at`);
  }
}

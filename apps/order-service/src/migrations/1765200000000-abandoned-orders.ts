import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order ids whose reservation the catalog may release because no order was stored under them: written once,
 * under the order id's lock, when the catalog's stock sweeper asks; an order is never written under such an id.
 */
export class AbandonedOrders1765200000000 implements MigrationInterface {
  name = 'AbandonedOrders1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE orders.abandoned_orders (id text PRIMARY KEY, abandoned_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.abandoned_orders`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reservations still owed back by deleted orders: the owner deleted an undelivered order whose stock was
 * reserved, and its release job has not yet been recorded as done. Written in the deletion's transaction and
 * removed when the catalog answers the release, so that the order sweeper can queue the release again if the
 * job was lost with Redis's data or gave up while the catalog was away (the order's own row is gone).
 */
export class DeletedOrderStock1766300000000 implements MigrationInterface {
  name = 'DeletedOrderStock1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE orders.deleted_order_stock (order_id uuid PRIMARY KEY, deleted_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.deleted_order_stock`);
  }
}

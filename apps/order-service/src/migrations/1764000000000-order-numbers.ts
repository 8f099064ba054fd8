import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A short human order number (shown as IG-10001, IG-10002, …) from a sequence: allocated once, never reused,
 * unique under any concurrency. Orders placed before this migration are numbered in the order they were placed.
 */
export class OrderNumbers1764000000000 implements MigrationInterface {
  name = 'OrderNumbers1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE orders.order_number_seq START WITH 10001`);
    await q.query(`ALTER TABLE orders.orders ADD COLUMN order_number bigint`);
    await q.query(`
      UPDATE orders.orders o SET order_number = numbered.n
        FROM (SELECT id, nextval('orders.order_number_seq') AS n FROM (SELECT id FROM orders.orders ORDER BY created_at, id) ordered) numbered
       WHERE o.id = numbered.id`);
    await q.query(`ALTER TABLE orders.orders ALTER COLUMN order_number SET DEFAULT nextval('orders.order_number_seq')`);
    await q.query(`ALTER TABLE orders.orders ALTER COLUMN order_number SET NOT NULL`);
    await q.query(`ALTER SEQUENCE orders.order_number_seq OWNED BY orders.orders.order_number`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_order_number_key UNIQUE (order_number)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders DROP COLUMN order_number`);
  }
}

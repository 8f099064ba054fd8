import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order lifecycle: one `state` column (the lifecycle table's states, computed from the columns: the older
 * ones the API shows, and when the order was cancelled and refunded), a 'returned' stock state (a cancelled sale put back on the shelf), and the
 * order timeline, one row per move, written in the move's transaction. Orders placed before this migration
 * get the state their columns describe and a timeline rebuilt from their own timestamps.
 */
export class OrderLifecycle1765100000000 implements MigrationInterface {
  name = 'OrderLifecycle1765100000000';

  async up(q: QueryRunner): Promise<void> {
    // The state is what the columns say, computed by Postgres (the lifecycle's `stateFromColumns`, in SQL): a
    // move sets the columns the lifecycle table names, and the state follows, so the two cannot disagree.
    await q.query(`ALTER TABLE orders.orders ADD COLUMN cancelled_at timestamptz, ADD COLUMN refunded_at timestamptz`);
    await q.query(`
      ALTER TABLE orders.orders ADD COLUMN state text GENERATED ALWAYS AS (CASE
        WHEN refunded_at IS NOT NULL THEN 'refunded'
        WHEN cancelled_at IS NOT NULL AND is_paid THEN 'refund_due'
        WHEN cancelled_at IS NOT NULL THEN 'cancelled'
        WHEN delivery_status = 'Delivered' THEN 'delivered'
        WHEN delivery_status = 'Out for Delivery' THEN 'out_for_delivery'
        WHEN is_in_person THEN 'in_person'
        WHEN payment_state = 'paid' THEN 'paid'
        WHEN payment_state = 'failed' THEN 'payment_failed'
        WHEN payment_state = 'expired' THEN 'expired'
        ELSE 'awaiting_payment' END) STORED`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_refund_after_cancel CHECK (refunded_at IS NULL OR cancelled_at IS NOT NULL)`);
    await q.query(`CREATE INDEX orders_state_idx ON orders.orders (state, created_at DESC)`);
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_stock_state_check`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_stock_state_check CHECK (stock_state IN ('reserved', 'committed', 'released', 'returned'))`);

    await q.query(`
      CREATE TABLE orders.order_timeline (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        action text NOT NULL,
        from_state text,
        to_state text NOT NULL,
        actor text NOT NULL CHECK (actor IN ('shopper', 'owner', 'payment_provider', 'system')),
        note text CHECK (length(note) <= 500)
      )`);
    await q.query(`CREATE INDEX order_timeline_order_idx ON orders.order_timeline (order_id, at, id)`);
    // What the older columns remember: placed, paid (a card's payment), delivered.
    await q.query(`
      INSERT INTO orders.order_timeline (order_id, at, action, from_state, to_state, actor)
      SELECT id, created_at, 'place', NULL, CASE WHEN is_in_person THEN 'in_person' ELSE 'awaiting_payment' END, 'shopper' FROM orders.orders`);
    await q.query(`
      INSERT INTO orders.order_timeline (order_id, at, action, from_state, to_state, actor)
      SELECT id, paid_at, 'pay', 'awaiting_payment', 'paid', 'payment_provider' FROM orders.orders WHERE NOT is_in_person AND is_paid`);
    await q.query(`
      INSERT INTO orders.order_timeline (order_id, at, action, from_state, to_state, actor, note)
      SELECT id, delivered_at, 'deliver', NULL, 'delivered', 'owner', 'Recorded before the timeline existed' FROM orders.orders WHERE is_delivered`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE orders.order_timeline`);
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_stock_state_check`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_stock_state_check CHECK (stock_state IN ('reserved', 'committed', 'released'))`);
    await q.query(`ALTER TABLE orders.orders DROP COLUMN state, DROP COLUMN refunded_at, DROP COLUMN cancelled_at`);
  }
}

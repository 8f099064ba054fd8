import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The lifecycle's state rule, in SQL (`stateFromColumns`); `stockShort` says whether the paid-out-of-stock branch exists. */
function stateExpression(stockShort: boolean): string {
  return `CASE
        WHEN refunded_at IS NOT NULL THEN 'refunded'
        WHEN cancelled_at IS NOT NULL AND is_paid THEN 'refund_due'
        WHEN cancelled_at IS NOT NULL THEN 'cancelled'
        WHEN delivery_status = 'Delivered' THEN 'delivered'
        WHEN delivery_status = 'Out for Delivery' THEN 'out_for_delivery'
        ${stockShort ? `WHEN is_in_person AND payment_state = 'expired' THEN 'expired'` : ''}
        WHEN is_in_person THEN 'in_person'
        ${stockShort ? `WHEN payment_state = 'paid' AND stock_short THEN 'paid_out_of_stock'` : ''}
        WHEN payment_state = 'paid' THEN 'paid'
        WHEN payment_state = 'failed' THEN 'payment_failed'
        WHEN payment_state = 'expired' THEN 'expired'
        ELSE 'awaiting_payment' END`;
}

/**
 * Issue 23, holds that end and late payments the owner settles:
 * - `hold_until`: an in-person order's stock is held until then unless the owner confirms it (cleared by the
 *   confirm, a send-out or a delivery); orders placed before this keep no end (they count as confirmed);
 * - `stock_short`: a card payment arrived for stock that was released and sold meanwhile ('paid_out_of_stock');
 * - an in-person order that expired unconfirmed is 'expired' (payment_state 'expired');
 * - `client_ip` (from the gateway) and `flags` (why the order looked unusual when it was placed);
 * - indexes for the per-client count of open holds (visitor, e-mail, address).
 * The generated `state` column is dropped and made again with the new rule (Postgres cannot alter its expression).
 */
export class OrderHolds1766400000000 implements MigrationInterface {
  name = 'OrderHolds1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders.orders
        ADD COLUMN hold_until timestamptz,
        ADD COLUMN stock_short boolean NOT NULL DEFAULT false,
        ADD COLUMN client_ip text CHECK (length(client_ip) <= 100),
        ADD COLUMN flags text[] NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_hold_in_person CHECK (hold_until IS NULL OR is_in_person)`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_stock_short_paid CHECK (NOT stock_short OR (is_paid AND NOT is_in_person))`);
    await q.query(`DROP INDEX orders.orders_state_idx`);
    await q.query(`ALTER TABLE orders.orders DROP COLUMN state`);
    await q.query(`ALTER TABLE orders.orders ADD COLUMN state text GENERATED ALWAYS AS (${stateExpression(true)}) STORED`);
    await q.query(`CREATE INDEX orders_state_idx ON orders.orders (state, created_at DESC)`);
    // The open holds of one client, counted on every order placed (small: only orders nobody paid or confirmed yet).
    const open = `WHERE state = 'awaiting_payment' OR (state = 'in_person' AND hold_until IS NOT NULL)`;
    await q.query(`CREATE INDEX orders_open_visitor_idx ON orders.orders (visitor_id) ${open}`);
    await q.query(`CREATE INDEX orders_open_email_idx ON orders.orders (lower(email)) ${open}`);
    await q.query(`CREATE INDEX orders_open_ip_idx ON orders.orders (client_ip) ${open}`);
    await q.query(`CREATE INDEX orders_held_until_idx ON orders.orders (hold_until) WHERE state = 'in_person' AND hold_until IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders.orders_held_until_idx`);
    await q.query(`DROP INDEX orders.orders_open_ip_idx`);
    await q.query(`DROP INDEX orders.orders_open_email_idx`);
    await q.query(`DROP INDEX orders.orders_open_visitor_idx`);
    await q.query(`DROP INDEX orders.orders_state_idx`);
    await q.query(`ALTER TABLE orders.orders DROP COLUMN state`);
    await q.query(`ALTER TABLE orders.orders ADD COLUMN state text GENERATED ALWAYS AS (${stateExpression(false)}) STORED`);
    await q.query(`CREATE INDEX orders_state_idx ON orders.orders (state, created_at DESC)`);
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_stock_short_paid, DROP CONSTRAINT orders_hold_in_person`);
    await q.query(`ALTER TABLE orders.orders DROP COLUMN flags, DROP COLUMN client_ip, DROP COLUMN stock_short, DROP COLUMN hold_until`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The lifecycle's state rule in SQL (`stateFromColumns`); `transfer` says whether the bank-transfer branch exists. */
function stateExpression(transfer: boolean): string {
  return `CASE
        WHEN refunded_at IS NOT NULL THEN 'refunded'
        WHEN cancelled_at IS NOT NULL AND is_paid THEN 'refund_due'
        WHEN cancelled_at IS NOT NULL THEN 'cancelled'
        WHEN delivery_status = 'Delivered' THEN 'delivered'
        WHEN delivery_status = 'Out for Delivery' THEN 'out_for_delivery'
        WHEN is_in_person AND payment_state = 'expired' THEN 'expired'
        WHEN is_in_person THEN 'in_person'
        WHEN payment_state = 'paid' AND stock_short THEN 'paid_out_of_stock'
        WHEN payment_state = 'paid' THEN 'paid'
        WHEN payment_state = 'failed' THEN 'payment_failed'
        WHEN payment_state = 'expired' THEN 'expired'
        ${transfer ? `WHEN payment_method = 'bank_transfer' THEN 'awaiting_transfer'` : ''}
        ELSE 'awaiting_payment' END`;
}

/**
 * Issue 29, bank transfer:
 * - payment_method 'bank_transfer'; such an order holds its stock until `hold_until` (state 'awaiting_transfer');
 * - `bank_transfer`: the accounts and the shop's WhatsApp number the shopper was given when placing it (the
 *   settings may change later; the order keeps what the shopper was told);
 * - `transfer_reminded_at`: the reminder before the hold ends was sent;
 * - the owner's record of the transfer: amount, date and bank reference (a different amount is flagged in `flags`).
 * The generated `state` column is made again with the new rule (Postgres cannot alter its expression). `down`
 * refuses while a bank-transfer order exists (the older rule has no state for it).
 */
export class BankTransfer1766900029100 implements MigrationInterface {
  name = 'BankTransfer1766900029100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_payment_method_check`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('card', 'in_person', 'bank_transfer'))`);
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_hold_in_person`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_hold_in_person CHECK (hold_until IS NULL OR is_in_person OR payment_method = 'bank_transfer')`);
    await q.query(`
      ALTER TABLE orders.orders
        ADD COLUMN bank_transfer jsonb CHECK (bank_transfer IS NULL OR jsonb_typeof(bank_transfer) = 'object'),
        ADD COLUMN transfer_reminded_at timestamptz,
        ADD COLUMN transfer_amount_cents bigint CHECK (transfer_amount_cents > 0),
        ADD COLUMN transfer_date date,
        ADD COLUMN transfer_reference text CHECK (length(transfer_reference) <= 100),
        ADD CONSTRAINT orders_transfer_is_bank CHECK (
          (bank_transfer IS NULL AND transfer_amount_cents IS NULL AND transfer_reminded_at IS NULL) OR payment_method = 'bank_transfer')`);
    await q.query(`DROP INDEX orders.orders_state_idx`);
    await q.query(`ALTER TABLE orders.orders DROP COLUMN state`);
    await q.query(`ALTER TABLE orders.orders ADD COLUMN state text GENERATED ALWAYS AS (${stateExpression(true)}) STORED`);
    await q.query(`CREATE INDEX orders_state_idx ON orders.orders (state, created_at DESC)`);
    await recreateHoldIndexes(q, `WHERE state IN ('awaiting_payment', 'awaiting_transfer') OR (state = 'in_person' AND hold_until IS NOT NULL)`, `state IN ('in_person', 'awaiting_transfer')`);
  }

  async down(q: QueryRunner): Promise<void> {
    const [{ n }] = await q.query(`SELECT count(*)::int AS n FROM orders.orders WHERE payment_method = 'bank_transfer'`);
    if (n > 0) throw new Error(`Cannot undo the bank-transfer migration: ${n} bank-transfer orders exist (the older state rule has no state for them)`);
    await q.query(`DROP INDEX orders.orders_state_idx`);
    await q.query(`ALTER TABLE orders.orders DROP COLUMN state`);
    await q.query(`ALTER TABLE orders.orders ADD COLUMN state text GENERATED ALWAYS AS (${stateExpression(false)}) STORED`);
    await q.query(`CREATE INDEX orders_state_idx ON orders.orders (state, created_at DESC)`);
    await recreateHoldIndexes(q, `WHERE state = 'awaiting_payment' OR (state = 'in_person' AND hold_until IS NOT NULL)`, `state = 'in_person'`);
    await q.query(`
      ALTER TABLE orders.orders DROP CONSTRAINT orders_transfer_is_bank,
        DROP COLUMN transfer_reference, DROP COLUMN transfer_date, DROP COLUMN transfer_amount_cents,
        DROP COLUMN transfer_reminded_at, DROP COLUMN bank_transfer`);
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_hold_in_person`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_hold_in_person CHECK (hold_until IS NULL OR is_in_person)`);
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_payment_method_check`);
    await q.query(`ALTER TABLE orders.orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('card', 'in_person'))`);
  }
}

/** The per-client open-hold indexes (1766400000000-order-holds), whose predicate names the states that hold. */
async function recreateHoldIndexes(q: QueryRunner, open: string, held: string): Promise<void> {
  // Dropping the state column dropped the indexes that read it.
  await q.query(`DROP INDEX IF EXISTS orders.orders_open_visitor_idx`);
  await q.query(`DROP INDEX IF EXISTS orders.orders_open_email_idx`);
  await q.query(`DROP INDEX IF EXISTS orders.orders_open_ip_idx`);
  await q.query(`DROP INDEX IF EXISTS orders.orders_held_until_idx`);
  await q.query(`CREATE INDEX orders_open_visitor_idx ON orders.orders (visitor_id) ${open}`);
  await q.query(`CREATE INDEX orders_open_email_idx ON orders.orders (lower(email)) ${open}`);
  await q.query(`CREATE INDEX orders_open_ip_idx ON orders.orders (client_ip) ${open}`);
  await q.query(`CREATE INDEX orders_held_until_idx ON orders.orders (hold_until) WHERE ${held} AND hold_until IS NOT NULL`);
}

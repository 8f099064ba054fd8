import { type FaultDb, placeInPerson, type TestStack, until, useFaultStack, visitor } from '@shop/server-testing';
import { Client } from 'pg';
import { orderIdForKey } from '../src/orders/order-id';

const HOLD = { STOCK_HOLD_SECONDS: '3', STOCK_SWEEP_SECONDS: '1' };
const BASE_ENV = { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', ...HOLD };
const TOO_LATE = 'Placing this order took too long and its reserved items were put back on sale; please place your order again';
const PUT_BACK = 'This checkout took too long and its reserved items were put back on sale; please place your order again';

async function reservation(db: Client, where: { orderId?: string; productId?: string }): Promise<{ order_id: string; status: string } | undefined> {
  const { rows } = where.orderId
    ? await db.query('SELECT order_id, status FROM catalog.stock_reservations WHERE order_id = $1 LIMIT 1', [where.orderId])
    : await db.query('SELECT order_id, status FROM catalog.stock_reservations WHERE product_id = $1 LIMIT 1', [where.productId]);
  return rows[0];
}

async function storedOrders(db: Client, id: string): Promise<number> {
  return (await db.query('SELECT count(*)::int AS n FROM orders.orders WHERE id::text = $1', [id])).rows[0].n;
}

async function abandoned(db: Client, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM orders.abandoned_orders WHERE id = $1', [id])).rowCount === 1;
}

async function stockOf(db: Client, id: string): Promise<number> {
  return Number((await db.query('SELECT count_in_stock FROM catalog.products WHERE id = $1', [id])).rows[0].count_in_stock);
}

/** Backends of this stack's order service waiting on an advisory lock (the order id's lock), oldest wait first. */
async function ordersWaitingOnLock(db: Client): Promise<Array<{ pid: number }>> {
  const { rows } = await db.query(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'orders' AND wait_event_type = 'Lock' AND wait_event = 'advisory'
      ORDER BY query_start`,
  );
  return rows;
}

/** A product with 10 in stock, a visitor and the idempotency key of their order, and the order id that key makes. */
async function keyedOrder(db: FaultDb, keyPrefix: string): Promise<{ product: string; me: string; key: string; orderId: string }> {
  const me = visitor();
  const key = `${keyPrefix}-${me}`;
  return { product: await db.product(10), me, key, orderId: orderIdForKey(me, key) };
}

/**
 * Holds the order id's advisory lock on a connection of the test's own while `run` runs, so the order service stops
 * right before writing that order; `run` lets go with `release` (closing the connection lets go in any case).
 */
async function holdingOrderLock(stack: TestStack, orderId: string, run: (release: () => Promise<void>) => Promise<void>): Promise<void> {
  const locker = new Client({ connectionString: stack.env.DATABASE_URL });
  await locker.connect();
  try {
    await locker.query('SELECT pg_advisory_lock(hashtext($1))', [`order:${orderId}`]);
    await run(async () => {
      await locker.query('SELECT pg_advisory_unlock(hashtext($1))', [`order:${orderId}`]);
    });
  } finally {
    await locker.end();
  }
}

/**
 * No reservation outlives its order: a reservation is held STOCK_HOLD_SECONDS; when no stored order claims it by
 * then, the catalog's stock sweeper asks the order service, which marks the id abandoned, and the stock goes back.
 */
describe('reservations held without an order', () => {
  describe('when the order service gives up or dies', () => {
    const drill = useFaultStack({ services: ['catalog-service', 'order-service'], env: BASE_ENV });

    it('releases a reservation the catalog made after the order service had given up on the call', async () => {
      const { stack, db } = drill;
      const product = await db.product(10);
      // The test holds the product's row: the catalog's reservation waits on it, longer than the order service waits for the answer.
      const locker = new Client({ connectionString: stack.env.DATABASE_URL });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('SELECT 1 FROM catalog.products WHERE id = $1 FOR UPDATE', [product]);
        const answer = await placeInPerson(stack, product, 4);
        expect(answer.status).toBe(503);
        expect(await reservation(db.client, { productId: product })).toBeUndefined();
        await locker.query('COMMIT');
      } finally {
        await locker.end();
      }
      // The catalog now answers nobody, but its reservation is made: 4 units held for an order never written.
      const made = await until(() => reservation(db.client, { productId: product }), (r) => r !== undefined, 15_000);
      expect(made?.status).toBeDefined();
      // Within the hold (plus a sweep) the stock is back and the id can never become an order.
      const settled = await until(() => reservation(db.client, { productId: product }), (r) => r?.status === 'released', 20_000);
      expect(settled?.status).toBe('released');
      expect(await stockOf(db.client, product)).toBe(10);
      expect(await storedOrders(db.client, settled!.order_id)).toBe(0);
      expect(await abandoned(db.client, settled!.order_id)).toBe(true);
      expect((await db.balance(product, 10)).leaked).toBe(0);
    }, 60_000);

    it('releases the reservation of an order service killed between reserving and writing; a retry with the same key is refused and writes nothing', async () => {
      const { stack, db } = drill;
      const { product, me, key, orderId } = await keyedOrder(db, 'drill');
      // The test takes the order id's lock, so the order service stops right before writing the order.
      await holdingOrderLock(stack, orderId, async (release) => {
        const pending = placeInPerson(stack, product, 3, key, me);
        expect(await until(() => reservation(db.client, { orderId }), (r) => r?.status === 'reserved', 15_000)).toMatchObject({ status: 'reserved' });
        expect(await until(() => ordersWaitingOnLock(db.client), (w) => w.length === 1, 15_000)).toHaveLength(1);
        expect(await stockOf(db.client, product)).toBe(7);
        await stack.running('order-service')[0].stop('SIGKILL');
        expect((await pending).status).toBe(503);
        await release();
      });
      // Nothing releases it until the order service is back to answer the catalog's question.
      await stack.startApp('order-service');
      expect(await until(() => reservation(db.client, { orderId }), (r) => r?.status === 'released', 20_000)).toMatchObject({ status: 'released' });
      expect(await stockOf(db.client, product)).toBe(10);
      expect(await storedOrders(db.client, orderId)).toBe(0);
      expect(await abandoned(db.client, orderId)).toBe(true);

      // The shopper's retry with the same key finds the reservation gone: a clear 409, no order, no stock taken.
      const retry = await placeInPerson(stack, product, 3, key, me);
      expect({ status: retry.status, body: retry.body }).toEqual({ status: 409, body: { message: PUT_BACK } });
      expect(await storedOrders(db.client, orderId)).toBe(0);
      expect(await stockOf(db.client, product)).toBe(10);
      expect((await db.balance(product, 10)).leaked).toBe(0);
    }, 90_000);
  });

  describe('when the order is written after its hold', () => {
    // The gateway and the order service wait long enough to hear the order service's own answer.
    const drill = useFaultStack({ services: ['catalog-service', 'order-service'], env: { ...BASE_ENV, NATS_TIMEOUT_MS: '30000' } });

    it('refuses the late write with a clear 409 and writes nothing, since the sweeper already gave the stock back', async () => {
      const { stack, db } = drill;
      const { product, me, key, orderId } = await keyedOrder(db, 'late');
      await holdingOrderLock(stack, orderId, async (release) => {
        const pending = placeInPerson(stack, product, 2, key, me);
        // The order service reserved and waits to write; after the hold the stock sweeper's question waits behind it.
        const waiting = await until(() => ordersWaitingOnLock(db.client), (w) => w.length === 2, 20_000);
        expect(waiting).toHaveLength(2);
        // Cut the writer's connection: its transaction rolls back and runs again, now queued behind the sweeper's question.
        await db.client.query('SELECT pg_terminate_backend($1)', [waiting[0].pid]);
        expect(await until(() => ordersWaitingOnLock(db.client), (w) => w.length === 2 && w[1].pid !== waiting[0].pid && w[0].pid === waiting[1].pid, 20_000)).toHaveLength(2);
        await release();
        // The sweeper settles first (no order: abandoned, stock released); the write then finds the id abandoned.
        const answer = await pending;
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 409, body: { message: TOO_LATE } });
      });
      expect(await storedOrders(db.client, orderId)).toBe(0);
      expect(await abandoned(db.client, orderId)).toBe(true);
      expect(await until(() => reservation(db.client, { orderId }), (r) => r?.status === 'released', 15_000)).toMatchObject({ status: 'released' });
      expect(await stockOf(db.client, product)).toBe(10);
      expect(await db.client.query('SELECT count(*)::int AS n FROM orders.outbox').then((r) => r.rows[0].n)).toBe(0);
    }, 90_000);
  });
});

import { adminToken, bearer, customer, eventually, json, useShop, visitor } from '@shop/server-testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

/** The order service's sweeper puts right what a lost queue write would leave behind; the gateway limits orders per client. */
describe('order sweeper and order limit', () => {
  const shop = useShop({
    services: ['catalog-service', 'order-service', 'payment-service'],
    env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', RESERVATION_TTL_SECONDS: '2', ORDER_SWEEP_SECONDS: '1', ORDER_RATE_LIMIT: '3' },
  });
  let redis: Redis;
  let expiry: Queue;
  let stock: Queue;

  beforeAll(async () => {
    redis = new Redis(shop.stack.env.REDIS_URL, { maxRetriesPerRequest: null });
    expiry = new Queue('order-expiry', { connection: redis, prefix: shop.stack.env.QUEUE_PREFIX });
    stock = new Queue('stock', { connection: redis, prefix: shop.stack.env.QUEUE_PREFIX });
  }, 90_000);

  afterAll(async () => {
    await expiry?.close();
    await stock?.close();
    redis?.disconnect();
  });

  it('expires an unpaid card order whose expiry job was lost, and releases its stock', async () => {
    const p = await shop.db.product(3);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }])).body;
    expect(await expiry.remove(`${order._id}.expire`)).toBe(1);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(1);
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 3, 20_000)).toEqual({ count_in_stock: 3, purchases: 0 });
    // The order records the release after the catalog answers it: wait for that too, not only for the stock.
    const row = await eventually(
      async () => (await shop.db.query('SELECT payment_state, stock_state FROM orders.orders WHERE id = $1', [order._id])).rows[0],
      (r) => r.stock_state === 'released',
    );
    expect(row).toEqual({ payment_state: 'expired', stock_state: 'released' });
  }, 30_000);

  it('commits the stock of a delivered in-person order whose commit job was lost', async () => {
    const p = await shop.db.product(5);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }], { inPerson: true })).body;
    // As if the owner's update had committed but the queue write after it had failed.
    await shop.db.query(
      `UPDATE orders.orders SET delivery_status = 'Delivered', is_delivered = true, delivered_at = now(), is_paid = true, paid_at = now(),
              updated_at = now() - interval '1 minute' WHERE id = $1`,
      [order._id],
    );
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.purchases === 2, 20_000)).toEqual({ count_in_stock: 3, purchases: 2 });
  }, 30_000);

  it("gives back the stock of a deleted undelivered order whose release job was lost (the order's row is gone)", async () => {
    const p = await shop.db.product(5);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }], { inPerson: true })).body;
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(3);
    const owed = async () => (await shop.db.query('SELECT count(*)::int AS n FROM orders.deleted_order_stock WHERE order_id = $1', [order._id])).rows[0].n;
    // The stock queue holds its jobs while the owner cancels the order and deletes it (issue 26: only a cancelled one);
    // then the release job is lost.
    await stock.pause();
    try {
      const admin = await adminToken(shop.stack);
      expect((await shop.stack.request(`/api/orders/${order._id}/cancel`, { method: 'POST', ...json({}, bearer(admin)) })).status).toBe(200);
      expect((await shop.stack.request(`/api/orders/${order._id}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(200);
      expect(await stock.remove(`${order._id}.release`)).toBe(1);
      expect(await owed()).toBe(1);
    } finally {
      await stock.resume();
    }
    expect((await shop.db.query('SELECT count(*)::int AS n FROM orders.orders WHERE id = $1', [order._id])).rows[0].n).toBe(0);
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 5, 20_000)).toEqual({ count_in_stock: 5, purchases: 0 });
    // The catalog's answer settles what the deleted order owed: the sweeper stops asking.
    expect(await eventually(owed, (n) => n === 0)).toBe(0);
  }, 30_000);

  it('answers 429 with Retry-After once a client has placed ORDER_RATE_LIMIT orders in 10 minutes; other clients are not affected', async () => {
    const p = await shop.db.product(50);
    const order = (client: string) => {
      const me = visitor();
      return shop.stack.request('/api/orders/inperson', {
        method: 'POST',
        ...json({ ...customer(me), orderItems: [{ product: p.id, qty: 1 }] }, { 'x-visitor-id': me, 'x-forwarded-for': client }),
      });
    };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await order('203.0.113.7')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await order('203.0.113.7');
    expect(refused.body).toEqual({ message: 'Too many orders from this connection, please try again later' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await order('203.0.113.8')).status).toBe(201);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(46);
  });
});

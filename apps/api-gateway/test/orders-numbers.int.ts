import { bearer, useShop, visitor } from '@shop/server-testing';

/** Short order numbers: allocated once, unique under concurrency, in every order answer, found by the admin search. */
describe('order numbers', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', NATS_TIMEOUT_MS: '20000' } }, { admin: true });

  beforeAll(async () => {
    // The per-client order limit would stop a burst of 100 orders from one address.
  }, 90_000);

  it('gives 100 concurrent orders 100 different numbers, the same number on every read of an order', async () => {
    const p = await shop.db.product(500, 1000);
    const placed = await Promise.all(
      Array.from({ length: 100 }, (_, i) => shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: i % 2 === 0 })),
    );
    expect(placed.map((r) => r.status)).toEqual(Array(100).fill(201));
    const numbers = placed.map((r) => r.body.orderNumber as string);
    for (const n of numbers) expect(n).toMatch(/^IG-\d{5,}$/);
    expect(new Set(numbers).size).toBe(100);

    const first = placed[0].body;
    const read = await shop.stack.request(`/api/orders/${first._id}`);
    expect(read.body.orderNumber).toBe(first.orderNumber);
    const tracked = await shop.stack.request(`/api/orders/tracking/${first.customer.id}`, { headers: { 'x-visitor-id': first.customer.id } });
    expect(tracked.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([first.orderNumber]);
    // The number lives in the database, unique there too.
    const { rows } = await shop.db.query('SELECT count(DISTINCT order_number)::int AS n, count(*)::int AS total FROM orders.orders');
    expect(rows[0].n).toBe(rows[0].total);
  });

  it('finds an order in the admin list by its number, with or without the prefix, in any case', async () => {
    const p = await shop.db.product(5, 1234);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true })).body;
    const digits = order.orderNumber.slice(3);
    for (const q of [order.orderNumber, order.orderNumber.toLowerCase(), `ig${digits}`, digits]) {
      const res = await shop.stack.request(`/api/orders?tab=all&q=${encodeURIComponent(q)}`, { headers: bearer(shop.admin) });
      expect(res.status).toBe(200);
      expect(res.body.orders.map((o: { _id: string }) => o._id)).toContain(order._id);
      expect(res.body.orders.every((o: { orderNumber: string; totalPrice: number }) => o.orderNumber === order.orderNumber || String(o.totalPrice).includes(digits))).toBe(true);
    }
  });
});

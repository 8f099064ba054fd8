import { eventually, sandboxPay, sendPaymentResult, useShop, visitor } from '@shop/server-testing';

/** The oversell test end to end: concurrent checkouts through the gateway never sell stock twice. */
describe('oversell', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', NATS_TIMEOUT_MS: '20000' } });

  it('100 concurrent checkouts of 1 unit against 7 in stock: 7 orders, 93 clear 409s, stock 0, and paying all 7 adds exactly 7 purchases', async () => {
    const p = await shop.db.product(7, 4500);
    const results = await Promise.all(Array.from({ length: 100 }, () => shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }])));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(created).toHaveLength(7);
    expect(refused).toHaveLength(93);
    for (const r of refused) expect(r.body).toEqual({ message: `${p.name} is out of stock` });
    expect(await shop.db.orderCount()).toBe(7);
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 0, purchases: 0 });
    const { rows } = await shop.db.query('SELECT min(count_in_stock)::int AS low FROM catalog.products');
    expect(rows[0].low).toBeGreaterThanOrEqual(0);

    for (const r of created) {
      const { params } = await sandboxPay(shop.stack, r.body._id);
      const paid = await sendPaymentResult(shop.stack, r.body._id, params);
      expect(paid.body.isPaid).toBe(true);
    }
    const after = await eventually(() => shop.db.stock(p.id), (s) => s.purchases === 7);
    expect(after).toEqual({ count_in_stock: 0, purchases: 7 });
  }, 60_000);
});

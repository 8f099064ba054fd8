import { randomUUID } from 'node:crypto';
import { bearer, discountCodeForm, json, useShop, visitor } from '@shop/server-testing';

/**
 * The changed-total 409 names what really changed since the shopper confirmed: a delivery area's raised cost is
 * named as delivery (not blamed on the items), also for a client that sends only `confirmedTotal`, and the refusal
 * leaves nothing behind.
 */
describe('what changed since the shopper confirmed', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0' } }, { admin: true });

  const asAdmin = (method: string, path: string, body: unknown) => shop.stack.request(path, { method, ...json(body, bearer(shop.admin)) });
  const quote = (body: Record<string, unknown>) => shop.stack.request('/api/orders/quote', { method: 'POST', ...json(body) });
  const placeOrder = (...args: Parameters<typeof shop.stack.client.placeOrder>) => shop.stack.client.placeOrder(...args);

  /** A new active area costing `cost`; answers its id and a function that changes its cost. */
  async function area(cost: number): Promise<{ id: string; setCost: (cost: number) => Promise<void> }> {
    const fields = { name: `Test area ${randomUUID().slice(0, 8)}`, estimatedDays: '1-2 working days', active: true };
    const created = await asAdmin('POST', '/api/delivery-areas', { ...fields, cost });
    expect(created.status).toBe(201);
    const id: string = created.body._id;
    return {
      id,
      setCost: async (next) => expect((await asAdmin('PUT', `/api/delivery-areas/${id}`, { ...fields, cost: next })).status).toBe(200),
    };
  }

  async function snapshot(productId: string) {
    const { rows } = await shop.db.query(
      `SELECT (SELECT count(*)::int FROM orders.orders) AS orders,
              (SELECT count(*)::int FROM orders.outbox) AS outbox,
              (SELECT count(*)::int FROM catalog.stock_reservations) AS reservations,
              (SELECT count_in_stock FROM catalog.products WHERE id = $1) AS stock`,
      [productId],
    );
    return rows[0];
  }

  it('names a raised delivery cost, not the items, when the client sent only the total it confirmed', async () => {
    const p = await shop.db.product(10, 5000);
    const { id: deliveryAreaId, setCost } = await area(35);
    const seen = (await quote({ orderItems: [{ product: p.id, qty: 1 }], deliveryAreaId })).body;
    expect(seen).toMatchObject({ itemsPrice: 50, deliveryCost: 35, totalPrice: 85 });

    await setCost(42);
    const before = await snapshot(p.id);
    const res = await placeOrder(visitor(), [{ product: p.id, qty: 1 }], { extra: { confirmedTotal: 85, deliveryAreaId } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Delivery now costs TT$42.00 (was TT$35.00). Please check the new total and confirm your order again.' });
    expect(await snapshot(p.id)).toEqual(before);

    // With the line prices the shopper saw, the same words.
    const withPrices = await placeOrder(visitor(), [{ product: p.id, qty: 1, confirmedPrice: 50 }], { extra: { confirmedTotal: 85, deliveryAreaId } });
    expect(withPrices.body.message).toBe('Delivery now costs TT$42.00 (was TT$35.00). Please check the new total and confirm your order again.');

    // The shopper confirms the new total: the order is placed at it.
    const ok = await placeOrder(visitor(), [{ product: p.id, qty: 1 }], { extra: { confirmedTotal: 92, deliveryAreaId } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ itemsPrice: 50, deliveryCost: 42, totalPrice: 92 });
  });

  it('names a raised delivery cost under a discount code, and both a price and the delivery when both moved', async () => {
    const p = await shop.db.product(10, 5000);
    const { id: deliveryAreaId, setCost } = await area(35);
    const code = await asAdmin('POST', '/api/discount-codes', discountCodeForm({ code: `PRICE${Date.now().toString(36).toUpperCase()}` }));
    expect(code.status).toBe(201);
    const discountCode: string = code.body.code;
    expect((await quote({ orderItems: [{ product: p.id, qty: 1 }], deliveryAreaId, discountCode })).body.totalPrice).toBe(80);

    await setCost(42);
    const before = await snapshot(p.id);
    const res = await placeOrder(visitor(), [{ product: p.id, qty: 1 }], { extra: { confirmedTotal: 80, deliveryAreaId, discountCode } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Delivery now costs TT$42.00 (was TT$35.00). Please check the new total and confirm your order again.');

    await setCost(45);
    await shop.db.query('UPDATE catalog.products SET price_cents = 6000 WHERE id = $1', [p.id]);
    const both = await placeOrder(visitor(), [{ product: p.id, qty: 1, confirmedPrice: 50 }], { extra: { confirmedTotal: 85 } });
    expect(both.status).toBe(409);
    // The default area (no area sent) did not change: only the price is named.
    expect(both.body.message).toBe(`Prices changed: ${p.name} is now TT$60.00 (was TT$50.00). Please check the new total and confirm your order again.`);
    const moved = await placeOrder(visitor(), [{ product: p.id, qty: 1, confirmedPrice: 50 }], { extra: { confirmedTotal: 92, deliveryAreaId } });
    expect(moved.body.message).toBe(
      `Prices changed: ${p.name} is now TT$60.00 (was TT$50.00). Delivery now costs TT$45.00 (was TT$42.00). Please check the new total and confirm your order again.`,
    );
    expect(await snapshot(p.id)).toEqual(before);
  });
});

import { bearer, json, sandboxPay, useShop, visitor } from '@shop/server-testing';

/** The cart's quote and the confirmed total: what the shopper saw is what the shopper pays, or nothing is written. */
describe('order quote and confirmed total', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { SEED_DEMO_DATA: 'false' } }, { admin: true });

  const quote = (orderItems: Array<{ product: string; qty: number }>) => shop.stack.request('/api/orders/quote', { method: 'POST', ...json({ orderItems }) });

  /** Everything an order could leave behind: orders, outbox rows, reservations, and the products' stock. */
  async function snapshot(productIds: string[]) {
    const { rows } = await shop.db.query(
      `SELECT (SELECT count(*)::int FROM orders.orders) AS orders,
              (SELECT count(*)::int FROM orders.outbox) AS outbox,
              (SELECT count(*)::int FROM catalog.stock_reservations) AS reservations,
              (SELECT json_agg(json_build_object('id', id, 'stock', count_in_stock, 'purchases', purchases) ORDER BY id)
                 FROM catalog.products WHERE id = ANY($1::uuid[])) AS products`,
      [productIds],
    );
    return rows[0];
  }

  it("answers each line's current price, stock and problem, and totals only what can be sold", async () => {
    const ok = await shop.db.product(10, 4500);
    const low = await shop.db.product(1, 1000);
    const none = await shop.db.product(0, 1000);
    const gone = await shop.db.product(4, 2000);
    expect((await shop.stack.request(`/api/products/${gone.id}`, { method: 'DELETE', headers: bearer(shop.admin) })).status).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';

    const res = await quote([
      { product: ok.id, qty: 2 },
      { product: low.id, qty: 3 },
      { product: none.id, qty: 1 },
      { product: gone.id, qty: 1 },
      { product: unknown, qty: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.lines).toEqual([
      { product: ok.id, name: ok.name, image: expect.any(String), price: 45, countInStock: 10, qty: 2, lineTotal: 90, problem: null },
      { product: low.id, name: low.name, image: expect.any(String), price: 10, countInStock: 1, qty: 3, lineTotal: 0, problem: 'not_enough_stock' },
      { product: none.id, name: none.name, image: expect.any(String), price: 10, countInStock: 0, qty: 1, lineTotal: 0, problem: 'out_of_stock' },
      // A deleted product keeps its name, so the cart can say which line it is.
      { product: gone.id, name: gone.name, image: expect.any(String), price: null, countInStock: 0, qty: 1, lineTotal: 0, problem: 'unavailable' },
      { product: unknown, name: null, image: null, price: null, countInStock: 0, qty: 1, lineTotal: 0, problem: 'unavailable' },
    ]);
    expect(res.body).toMatchObject({ itemsPrice: 90, deliveryCost: 35, totalPrice: 125 });

    expect((await quote([{ product: ok.id, qty: 1.5 }])).body).toEqual({ message: 'Quantity must be a whole number' });
    expect((await shop.stack.request('/api/orders/quote', { method: 'POST', ...json({}) })).status).toBe(400);
  });

  it('places the order when the confirmed total is the server\'s, and the payment page asks exactly that total', async () => {
    const p = await shop.db.product(10, 4500);
    const q = (await quote([{ product: p.id, qty: 2 }])).body;
    expect(q.totalPrice).toBe(125);
    const res = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2, confirmedPrice: 45 }], {
      extra: { confirmedTotal: q.totalPrice },
    });
    expect(res.status).toBe(201);
    expect(res.body.totalPrice).toBe(125);
    const { page } = await sandboxPay(shop.stack, res.body._id, { action: 'approve' });
    expect(page).toContain('TT$125.00');
  });

  it('refuses with 409 naming the new price when the price rose after the shopper confirmed, and writes nothing', async () => {
    const p = await shop.db.product(10, 4500);
    const other = await shop.db.product(5, 1000);
    const q = (await quote([{ product: p.id, qty: 2 }, { product: other.id, qty: 1 }])).body;
    expect(q.totalPrice).toBe(135);
    // The owner raises the price between the shopper's quote and 'Pay'.
    await shop.db.query('UPDATE catalog.products SET price_cents = 6000 WHERE id = $1', [p.id]);

    const before = await snapshot([p.id, other.id]);
    for (const inPerson of [false, true]) {
      const res = await shop.stack.client.placeOrder(
        visitor(),
        [{ product: p.id, qty: 2, confirmedPrice: 45 }, { product: other.id, qty: 1, confirmedPrice: 10 }],
        { inPerson, extra: { confirmedTotal: q.totalPrice } },
      );
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Prices changed: ${p.name} is now TT$60.00 (was TT$45.00). Please check the new total and confirm your order again.`);
    }
    // A client that sends only the total (no line prices) is refused the same way.
    const bare = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }], { extra: { confirmedTotal: 125 } });
    expect(bare.status).toBe(409);
    expect(bare.body.message).toBe('The items now come to TT$120.00. Please check the new total and confirm your order again.');
    expect(await snapshot([p.id, other.id])).toEqual(before);

    // The shopper sees the new figures and confirms them: the order goes through at the new total.
    const fresh = (await quote([{ product: p.id, qty: 2 }, { product: other.id, qty: 1 }])).body;
    expect(fresh.totalPrice).toBe(165);
    const ok = await shop.stack.client.placeOrder(
      visitor(),
      [{ product: p.id, qty: 2, confirmedPrice: 60 }, { product: other.id, qty: 1, confirmedPrice: 10 }],
      { extra: { confirmedTotal: fresh.totalPrice } },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.totalPrice).toBe(165);
  });

  it('refuses with 409 naming the delivery cost when it changed since the shopper confirmed, and writes nothing', async () => {
    const p = await shop.db.product(10, 4500);
    const settings = (await shop.stack.request('/api/controls')).body[0];
    const putSettings = (deliveryCost: number) =>
      shop.stack.request(`/api/controls/${settings._id}`, { method: 'PUT', ...json({ ...settings, paymentSettings: { deliveryCost } }, bearer(shop.admin)) });
    const changed = await putSettings(40);
    try {
      expect(changed.status).toBe(200);
      const before = await snapshot([p.id]);
      const res = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1, confirmedPrice: 45 }], {
        extra: { confirmedTotal: 80 },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Delivery now costs TT$40.00 (was TT$35.00). Please check the new total and confirm your order again.');
      expect(await snapshot([p.id])).toEqual(before);
    } finally {
      await putSettings(settings.paymentSettings.deliveryCost);
    }
  });

  it('names a deleted product in the refusal instead of its id (400, as an unknown product)', async () => {
    const p = await shop.db.product(4, 2000);
    expect((await shop.stack.request(`/api/products/${p.id}`, { method: 'DELETE', headers: bearer(shop.admin) })).status).toBe(200);
    const res = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: `${p.name} is no longer available` });
  });
});

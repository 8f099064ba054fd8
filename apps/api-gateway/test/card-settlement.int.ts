import { bearer, eventually, json, sandboxPay, sendPaymentResult, useExpiryJobs, useShop, visitor } from '@shop/server-testing';

/**
 * Issue 29, card payments whose redirect never came back, over the real stack: the sandbox answers WiPay's (assumed)
 * look-up by order reference, the order service asks it before an unpaid card order expires, and the owner records a
 * payment WiPay's dashboard shows. Time passing is the delayed expiry job promoted in Redis: no test waits for a clock.
 */
describe('card payments that never came back (issue 29)', () => {
  const shop = useShop(
    {
      services: ['catalog-service', 'order-service', 'payment-service'],
      env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', RESERVATION_TTL_SECONDS: '3600', ORDER_SWEEP_SECONDS: '1', HOLD_MAX_OPEN_ORDERS: '50' },
    },
    { admin: true, timeoutMs: 120_000 },
  );
  const { endHold: endReservation } = useExpiryJobs(shop);

  const adminOrder = async (id: string) => (await shop.stack.request(`/api/orders/${id}`, { headers: bearer(shop.admin) })).body;
  const steps = (order: { timeline: Array<{ action: string; to: string; actor: string }> }) => order.timeline.map((t) => `${t.action}:${t.to}:${t.actor}`);
  const count = async (sql: string, params: unknown[]) => (await shop.db.query(sql, params)).rows[0].n as number;
  const paidEvents = (id: string) => count(`SELECT count(*)::int AS n FROM orders.outbox WHERE event = 'order.paid' AND payload->'order'->>'_id' = $1`, [id]);
  const recordPayment = (id: string, body: unknown, headers = bearer(shop.admin)) =>
    shop.stack.request(`/api/orders/${id}/card-payment`, { method: 'POST', ...json(body, headers) });

  async function cardOrder(stock: number, priceCents = 5000) {
    const p = await shop.db.product(stock, priceCents);
    const placed = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }]);
    expect(placed.status).toBe(201);
    return { product: p, order: placed.body };
  }

  /** A card order whose payment page was opened and left (never approved), then its reservation ended. */
  async function expiredCardOrder(stock = 3) {
    const made = await cardOrder(stock);
    const page = await shop.stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId: made.order._id }, { 'x-visitor-id': made.order.customer.id }) });
    expect(page.status).toBe(200);
    await endReservation(made.order._id);
    await eventually(() => adminOrder(made.order._id), (o) => o.state === 'expired');
    await eventually(() => shop.db.stock(made.product.id), (s) => s.count_in_stock === stock);
    return made;
  }

  let lookedUpTransaction = '';

  it('a sandbox payment whose redirect is never sent is found paid by the look-up before the order expires; the redirect later pays nothing twice', async () => {
    const { product, order } = await cardOrder(5, 12000);
    const { params } = await sandboxPay(shop.stack, order._id);
    lookedUpTransaction = params.transaction_id;
    // The shopper closed the tab: no redirect. The reservation ends.
    await endReservation(order._id);
    const found = await eventually(() => adminOrder(order._id), (o) => o.state !== 'awaiting_payment');
    expect(found).toMatchObject({ state: 'paid', isPaid: true, deliveryStatus: 'Preparing Order', paymentReference: params.order_id, transactionId: params.transaction_id });
    expect(steps(found)).toEqual(['place:awaiting_payment:shopper', 'pay:paid:payment_provider']);
    expect(found.timeline[1].note).toBe('Found paid by a look-up at the card provider');
    expect(await eventually(() => shop.db.stock(product.id), (s) => s.purchases === 1)).toEqual({ count_in_stock: 4, purchases: 1 });

    // The redirect arrives after all: the same verified payment, a replay.
    const late = await sendPaymentResult(shop.stack, order._id, params);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ isPaid: true, state: 'paid', paidAt: found.paidAt });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await shop.db.stock(product.id)).toEqual({ count_in_stock: 4, purchases: 1 });
    expect(await paidEvents(order._id)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM payments.transactions WHERE order_id = $1`, [order._id])).toBe(1);
    expect(steps(await adminOrder(order._id))).toEqual(['place:awaiting_payment:shopper', 'pay:paid:payment_provider']);
  });

  it('a payment page left open is not paid: the order expires, and is listed for the owner to reconcile', async () => {
    const { order } = await expiredCardOrder();
    const expired = await adminOrder(order._id);
    expect(steps(expired)).toEqual(['place:awaiting_payment:shopper', 'expire:expired:system']);
    expect(expired.actions).toContain('record_card_payment');
    const list = await shop.stack.request('/api/orders/expired-card', { headers: bearer(shop.admin) });
    expect(list.status).toBe(200);
    expect(list.body.map((o: { _id: string }) => o._id)).toContain(order._id);
    expect(list.body.every((o: { state: string; paymentMethod: string }) => o.state === 'expired' && o.paymentMethod === 'card')).toBe(true);
    // The owner's only.
    expect((await shop.stack.request('/api/orders/expired-card')).status).toBe(401);
  });

  it("'Record a card payment' is refused for a wrong amount and for a transaction id used before, and accepted when right (on the timeline, stock taken again)", async () => {
    const { product, order } = await expiredCardOrder(3);
    const before = await adminOrder(order._id);
    expect(order.totalPrice).toBe(85);

    const wrong = await recordPayment(order._id, { transactionId: 'WP-manual-000001', amount: 80, date: '2026-11-26' });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: { message: 'The amount does not match this order: WiPay charges TT$85.00 for it' } });
    const used = await recordPayment(order._id, { transactionId: lookedUpTransaction, amount: 85, date: '2026-11-26' });
    expect({ status: used.status, body: used.body }).toEqual({ status: 409, body: { message: 'This WiPay transaction id is already recorded' } });
    const bad = await recordPayment(order._id, { transactionId: 'WP 1', amount: 85, date: '2026-13-45' });
    expect(bad.status).toBe(400);
    // Nothing changed.
    expect(await adminOrder(order._id)).toEqual(before);
    // Not the shopper's to say.
    expect((await recordPayment(order._id, { transactionId: 'WP-manual-000002', amount: 85, date: '2026-11-26' }, {})).status).toBe(401);

    const ok = await recordPayment(order._id, { transactionId: 'WP-manual-000002', amount: 85, date: '2026-11-26', note: 'Shopper sent the receipt on WhatsApp' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ state: 'paid', isPaid: true, transactionId: 'WP-manual-000002' });
    expect(steps(ok.body)).toEqual(['place:awaiting_payment:shopper', 'expire:expired:system', 'record_card_payment:paid:owner']);
    expect(ok.body.timeline[2].note).toBe('TT$85.00 paid on 2026-11-26, recorded from WiPay: Shopper sent the receipt on WhatsApp');
    // The released unit was still on the shelf: it is a sale again, once.
    expect(await eventually(() => shop.db.stock(product.id), (s) => s.purchases === 1)).toEqual({ count_in_stock: 2, purchases: 1 });
    expect(await paidEvents(order._id)).toBe(1);

    // Again, or for another order with the same transaction id: refused.
    const again = await recordPayment(order._id, { transactionId: 'WP-manual-000003', amount: 85, date: '2026-11-26' });
    expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { message: 'This order is already paid' } });
    const other = await expiredCardOrder(3);
    const reused = await recordPayment(other.order._id, { transactionId: 'WP-manual-000002', amount: 85, date: '2026-11-26' });
    expect({ status: reused.status, body: reused.body }).toEqual({ status: 409, body: { message: 'This WiPay transaction id is already recorded' } });
    expect((await adminOrder(other.order._id)).state).toBe('expired');
    // The paid one leaves the reconciliation list.
    const list = await shop.stack.request('/api/orders/expired-card', { headers: bearer(shop.admin) });
    expect(list.body.map((o: { _id: string }) => o._id)).not.toContain(order._id);
  });
});

import type { Notification, Order } from '@shop/contracts';
import { bearer, eventually, json, sandboxPay, sendPaymentResult, useShop, visitor } from '@shop/server-testing';

/** The order lifecycle over the real stack: timelines, the owner's cancel and refund, stock and mails. */
describe('order lifecycle', () => {
  const shop = useShop({
    services: ['catalog-service', 'order-service', 'payment-service', 'notification-service'],
    env: { SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', RESERVATION_TTL_SECONDS: '3', ORDER_SWEEP_SECONDS: '1', MAIL_RETRY_BASE_MS: '100' },
  }, { admin: true, timeoutMs: 120_000 });

  const get = async (id: string): Promise<Order> => {
    const res = await shop.stack.request(`/api/orders/${id}`, { headers: bearer(shop.admin) });
    expect(res.status).toBe(200);
    return res.body as Order;
  };
  const setStatus = (id: string, deliveryStatus: string) => shop.stack.request(`/api/orders/${id}`, { method: 'PUT', ...json({ deliveryStatus }, bearer(shop.admin)) });
  const cancel = (id: string, token = shop.admin) => shop.stack.request(`/api/orders/${id}/cancel`, { method: 'POST', ...json({ note: 'Customer called to cancel' }, bearer(token)) });
  const refund = (id: string) => shop.stack.request(`/api/orders/${id}/refund`, { method: 'POST', ...json({}, bearer(shop.admin)) });
  const steps = (order: Order) => (order.timeline ?? []).map((t) => `${t.action}:${t.to}:${t.actor}`);

  async function mailsOf(orderId: string, kind: string): Promise<Notification[]> {
    const res = await shop.stack.request('/api/notifications?pageSize=100', { headers: bearer(shop.admin) });
    return (res.body.notifications as Notification[]).filter((n) => n.orderId === orderId && n.kind === kind);
  }

  async function paidCardOrder(productId: string, qty: number): Promise<Order> {
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: productId, qty }])).body as Order;
    const { params } = await sandboxPay(shop.stack, order._id);
    expect((await sendPaymentResult(shop.stack, order._id, params)).status).toBe(200);
    return order;
  }

  it("records a card order's timeline: placed, paid, out for delivery, delivered, with who and when", async () => {
    const p = await shop.db.product(5);
    const order = await paidCardOrder(p.id, 1);
    expect((await setStatus(order._id, 'Out for Delivery')).status).toBe(200);
    expect((await setStatus(order._id, 'Delivered')).status).toBe(200);
    const seen = await get(order._id);
    expect(steps(seen)).toEqual(['place:awaiting_payment:shopper', 'pay:paid:payment_provider', 'send_out:out_for_delivery:owner', 'deliver:delivered:owner']);
    const times = (seen.timeline ?? []).map((t) => Date.parse(t.at));
    expect(times.every((t, i) => Number.isFinite(t) && (i === 0 || t >= times[i - 1]))).toBe(true);
    expect(seen.state).toBe('delivered');
    // The shopper's own view carries the timeline too, but not the owner's actions.
    const mine = await shop.stack.request(`/api/orders/${order._id}`, { headers: { 'x-visitor-id': order.customer.id } });
    expect(steps(mine.body)).toEqual(steps(seen));
    expect(mine.body.actions).toBeUndefined();
    // Asking for the same status again changes nothing and adds no line.
    expect((await setStatus(order._id, 'Delivered')).status).toBe(200);
    expect(steps(await get(order._id))).toHaveLength(4);
  });

  it("records an in-person order's and an expired order's timelines", async () => {
    const p = await shop.db.product(5);
    const cash = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true })).body as Order;
    expect((await setStatus(cash._id, 'Delivered')).status).toBe(200);
    const delivered = await get(cash._id);
    expect(steps(delivered)).toEqual(['place:in_person:shopper', 'deliver:delivered:owner']);
    expect(delivered.isPaid).toBe(true);

    const card = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }])).body as Order;
    const expired = await eventually(
      () => get(card._id),
      (o) => o.state === 'expired',
      20_000,
    );
    expect(steps(expired)).toEqual(['place:awaiting_payment:shopper', 'expire:expired:system']);
  });

  it.each([
    ['an unpaid card order', false],
    ['an in-person order', true],
  ])('cancels %s: its stock goes back once and the shopper is mailed once', async (_name, inPerson) => {
    const p = await shop.db.product(6);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }], { inPerson })).body as Order;
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(4);

    const res = await cancel(order._id);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('cancelled');
    expect(res.body.actions).toEqual([]);
    await eventually(() => shop.db.reservation(order._id), (s) => s === 'released');
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 6, purchases: 0 });

    // A second cancel is refused and gives nothing back twice.
    const again = await cancel(order._id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is cancelled');
    const mails = await eventually(
      () => mailsOf(order._id, 'order_cancelled'),
      (m) => m.length > 0,
    );
    // Time for a duplicate to show, had one been sent.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mailsOf(order._id, 'order_cancelled')).toHaveLength(1);
    expect(mails[0].recipient).toBe('asha@example.com');
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 6, purchases: 0 });
    const seen = await get(order._id);
    expect(steps(seen).at(-1)).toBe('cancel:cancelled:owner');
    expect(seen.timeline?.at(-1)?.note).toBe('Customer called to cancel');
    // A cancelled card order cannot be paid any more.
    if (!inPerson) expect((await shop.stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId: order._id }) })).status).toBe(409);
  });

  it('refuses to cancel a delivered order (409) and changes nothing', async () => {
    const p = await shop.db.product(4);
    const order = await paidCardOrder(p.id, 1);
    expect((await setStatus(order._id, 'Delivered')).status).toBe(200);
    const before = await get(order._id);
    const stockBefore = await eventually(() => shop.db.stock(p.id), (s) => s.purchases === 1);

    const res = await cancel(order._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order is already delivered');
    const after = await get(order._id);
    expect(after).toEqual(before);
    expect(await shop.db.stock(p.id)).toEqual(stockBefore);
    expect(await mailsOf(order._id, 'order_cancelled')).toEqual([]);
  });

  it("shows a cancelled paid order as 'refund due' until the refund is recorded, and returns its sale to the shelf", async () => {
    const p = await shop.db.product(5);
    const order = await paidCardOrder(p.id, 2);
    await eventually(() => shop.db.stock(p.id), (s) => s.purchases === 2);
    const badgeBefore = (await shop.stack.request('/api/orders/stats', { headers: bearer(shop.admin) })).body.badge;
    const revenue = async () => ((await shop.stack.request('/api/orders/stats', { headers: bearer(shop.admin) })).body.days as Array<{ revenue: number }>).reduce((sum, d) => sum + d.revenue, 0);
    const revenueBefore = await revenue();

    const cancelled = await cancel(order._id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'refund_due', isPaid: true, actions: ['record_refund'] });
    // The sale goes back on the shelf: stock and purchases as before the order.
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 5)).toEqual({ count_in_stock: 5, purchases: 0 });
    expect(await shop.db.reservation(order._id)).toBe('returned');
    // A cancelled order is no longer revenue on the dashboard.
    expect(Math.round((revenueBefore - (await revenue())) * 100)).toBe(Math.round(order.totalPrice * 100));
    // Still waiting for the owner (the badge counts it) while the refund is due.
    expect((await shop.stack.request('/api/orders/stats', { headers: bearer(shop.admin) })).body.badge).toBe(badgeBefore);
    expect((await get(order._id)).state).toBe('refund_due');

    const refunded = await refund(order._id);
    expect(refunded.status).toBe(200);
    expect(refunded.body.state).toBe('refunded');
    expect(steps(refunded.body).slice(-2)).toEqual(['cancel:refund_due:owner', 'record_refund:refunded:owner']);
    expect((await refund(order._id)).status).toBe(409);
    expect((await shop.stack.request('/api/orders/stats', { headers: bearer(shop.admin) })).body.badge).toBe(badgeBefore - 1);
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 5, purchases: 0 });
  });

  it('keeps cancel and refund for the owner, and answers 404 for an unknown order', async () => {
    const p = await shop.db.product(2);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true })).body as Order;
    expect((await shop.stack.request(`/api/orders/${order._id}/cancel`, { method: 'POST', ...json({}) })).status).toBe(401);
    expect((await refund('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await shop.stack.request(`/api/orders/${order._id}/cancel`, { method: 'POST', ...json({ note: 'x'.repeat(501) }, bearer(shop.admin)) })).status).toBe(400);
    expect((await get(order._id)).state).toBe('in_person');
  });
});

import { randomUUID } from 'node:crypto';
import { json } from '@shop/server-testing';
import { insertProduct, MailStack, OWNER, placeShopperOrder } from './support/mail-stack';
import { waitUntil } from './support/test-smtp';

const STOREFRONT = 'https://shop.islandglow.test';
const ADMIN_HOST = 'https://admin.islandglow.test';
const ADMIN = { ADMIN_USERNAME: 'flow-owner', ADMIN_PASSWORD: 'flow-owner-pass-1' };


/** Whole orders through the gateway and every service; the mails they cause arrive at a real SMTP server. */
describe('mails of whole orders', () => {
  const shop = MailStack.forTests(ADMIN, {
    env: { STOREFRONT_URL: STOREFRONT, ADMIN_URL: ADMIN_HOST, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info' },
  });
  let productId: string;

  beforeAll(async () => {
    productId = await insertProduct(shop.db, { name: `Mango Curl Butter ${randomUUID().slice(0, 6)}`, cents: 12550, stock: 20, description: 'Whipped shea and mango' });
    // The owner changes the delivery cost: orders carry the figure in force when they were placed.
    const [settings] = (await shop.stack.request('/api/controls')).body;
    const put = await shop.stack.request(`/api/controls/${settings._id}`, {
      method: 'PUT',
      ...json({ ...settings, paymentSettings: { deliveryCost: 45.5 } }, shop.admin),
    });
    expect(put.status).toBe(200);
  }, 90_000);


  const place = async (email: string, inPerson: boolean) => {
    const order = await placeShopperOrder(shop.stack, { email, productId, qty: 2, inPerson });
    expect(order).toMatchObject({ itemsPrice: 251, deliveryCost: 45.5, totalPrice: 296.5 });
    expect(order.orderNumber).toMatch(/^IG-\d+$/);
    return order;
  };
  const setStatus = async (orderId: string, deliveryStatus: string) => {
    const res = await shop.stack.request(`/api/orders/${orderId}`, { method: 'PUT', ...json({ deliveryStatus }, shop.admin) });
    expect(res.status).toBe(200);
  };
  // Subjects carry the short order number, never the id.
  const mailsOf = (order: { _id: string; orderNumber: string }) =>
    shop.smtp.received.filter((m) => m.subject.includes(`order ${order.orderNumber}`) || m.subject.includes(`New order ${order.orderNumber}:`));
  /** The order service publishes from its outbox within a second: wait longer than that before counting. */
  const settle = () => new Promise((r) => setTimeout(r, 2500));
  /** The owner sends the order out, then marks it delivered, each time waiting for the shopper's mail: the order's mails once all is quiet. */
  const deliver = async (order: { _id: string; orderNumber: string }) => {
    await setStatus(order._id, 'Out for Delivery');
    await waitUntil(() => mailsOf(order).length === 3, 'the out for delivery mail');
    await setStatus(order._id, 'Delivered');
    await waitUntil(() => mailsOf(order).length === 4, 'the delivered mail');
    await settle();
    return mailsOf(order);
  };
  const expectAmounts = (part: string, orderId: string, to: 'shopper' | 'owner' = 'shopper') => {
    expect(part).toContain('TT$251.00');
    expect(part).toContain('TT$45.50');
    expect(part).toContain('TT$296.50');
    // The shopper's mails link to tracking; the owner's to the order's page in the admin app.
    expect(part).toContain(to === 'shopper' ? `${STOREFRONT}/tracking/${orderId}` : `${ADMIN_HOST}/admin/orders/${orderId}`);
    if (to === 'owner') expect(part).not.toContain('/tracking/');
  };

  it('a card order: payment received (shopper) and new order (owner) once, even when the redirect is replayed; then out for delivery and delivered', async () => {
    const shopper = 'card.flow@shopper.test';
    const order = await place(shopper, false);
    await settle();
    expect(mailsOf(order)).toHaveLength(0);

    const pay = await shop.stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId: order._id }, { 'x-visitor-id': order.customer.id }) });
    expect(pay.status).toBe(200);
    const sandbox = await fetch(pay.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'approve' }).toString(),
      redirect: 'manual',
    });
    if (sandbox.status !== 303) {
      const logs = shop.stack.running('payment-service').map((p) => p.lines.filter((l) => Number(l.level) >= 50).map((l) => JSON.stringify(l)).join('\n'));
      throw new Error(`sandbox answered ${sandbox.status}: ${await sandbox.text()}\n${logs.join('\n')}`);
    }
    const params = Object.fromEntries(new URL(sandbox.headers.get('location') ?? '').searchParams);
    const result = await shop.stack.request(`/api/orders/payment/${order._id}`, { method: 'PUT', ...json(params) });
    expect(result.body).toMatchObject({ isPaid: true });
    await waitUntil(() => mailsOf(order).length === 2, 'the payment mails');
    // The shopper's browser comes back to the result page again (reload, back button).
    await shop.stack.request(`/api/orders/payment/${order._id}`, { method: 'PUT', ...json(params) });
    await shop.stack.request(`/api/orders/payment/${order._id}`, { method: 'PUT', ...json(params) });

    const mails = await deliver(order);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      expect.anything(),
      expect.anything(),
      [shopper, `Your Island Glow order ${order.orderNumber} is out for delivery`],
      [shopper, `Your Island Glow order ${order.orderNumber} was delivered`],
    ]);
    expect(mails.slice(0, 2).map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [shopper, `Payment received for your Island Glow order ${order.orderNumber}`],
        [OWNER, `New order ${order.orderNumber}: TT$296.50 (paid by card)`],
      ].sort(),
    );
    for (const m of mails.slice(0, 2)) {
      expectAmounts(m.text, order._id, m.to === OWNER ? 'owner' : 'shopper');
      expectAmounts(m.html, order._id, m.to === OWNER ? 'owner' : 'shopper');
    }
  }, 60_000);

  it('an in-person order: confirmed (shopper) and new order (owner) once when placed; then out for delivery and delivered', async () => {
    const shopper = 'cash.flow@shopper.test';
    const order = await place(shopper, true);
    await waitUntil(() => mailsOf(order).length === 2, 'the in-person mails');
    // The confirmation page, loaded twice.
    for (let i = 0; i < 2; i++) expect((await shop.stack.request(`/api/orders/paymentInPerson/${order._id}`, { method: 'PUT', ...json({}) })).status).toBe(200);
    // Delivering records the cash: order.paid for an in-person order mails nobody.
    const mails = await deliver(order);
    expect(mails).toHaveLength(4);
    expect(mails.slice(0, 2).map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [shopper, `Your Island Glow order ${order.orderNumber} is confirmed`],
        [OWNER, `New order ${order.orderNumber}: TT$296.50 (pay in person)`],
      ].sort(),
    );
    expect(mails.slice(2).map((m) => [m.to, m.subject])).toEqual([
      [shopper, `Your Island Glow order ${order.orderNumber} is out for delivery`],
      [shopper, `Your Island Glow order ${order.orderNumber} was delivered`],
    ]);
    const confirmed = mails.find((m) => m.to === shopper && m.subject.endsWith('is confirmed'))!;
    expectAmounts(confirmed.text, order._id);
    expect(confirmed.text).toContain('please have TT$296.50 ready');
    const { rows } = await shop.db.query('SELECT kind, status, attempts FROM notifications.mails WHERE order_id = $1 ORDER BY created_at', [order._id]);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(rows.map((r) => r.kind).sort()).toEqual(['delivered', 'order_placed_in_person', 'out_for_delivery', 'owner_new_order']);
  }, 60_000);
});

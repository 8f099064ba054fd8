import { bearer, json, sandboxPay, sendPaymentResult, useShop, visitor } from '@shop/server-testing';

/**
 * Issue 23, item 2: an order id travels in URLs and mails, and used to be enough to read the shopper's name, e-mail,
 * phone and street (and the visitor id, the key to all their orders). Every order route now answers the contact
 * details only to the visitor who placed the order (X-Visitor-Id) or the owner; anyone else gets the redacted order.
 */
describe('order contact details are only for the shopper and the owner', () => {
  const shop = useShop({ env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', NATS_TIMEOUT_MS: '15000' } }, { admin: true });

  // The checkout's contact fields, the phone as the server stores it.
  const CONTACT = { fname: 'Asha', lname: "O'Brien", email: 'asha@example.com', phone: '(868)555-1234', city: 'Port of Spain', street: '12 Frederick St.' };
  /** What anyone else sees of the customer: the first name, nothing that reaches or identifies them. */
  const REDACTED = { id: '', fname: 'Asha' };
  const as = (visitorId: string | null): Record<string, string> => (visitorId ? { 'x-visitor-id': visitorId } : {});

  /** The routes a stranger holding the order id might try, as the shopper and the owner use them. */
  const read = (id: string, headers: Record<string, string>) => shop.stack.request(`/api/orders/${id}`, { headers });
  const confirm = (id: string, headers: Record<string, string>) => shop.stack.request(`/api/orders/paymentInPerson/${id}`, { method: 'PUT', headers });
  const pay = (id: string, headers: Record<string, string>) => shop.stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId: id }, headers) });

  async function paymentRows(orderId: string): Promise<number> {
    const { rows } = await shop.db.query('SELECT count(*)::int AS n FROM payments.payment_requests WHERE order_id = $1', [orderId]);
    return rows[0].n;
  }

  async function orderRow(orderId: string) {
    const { rows } = await shop.db.query('SELECT payment_reference, state, is_paid FROM orders.orders WHERE id = $1', [orderId]);
    return rows[0];
  }

  it('the in-person confirmation: redacted for a stranger, whole for the visitor and the owner; tracking stays closed', async () => {
    const p = await shop.db.product(10);
    const shopper = visitor();
    const placed = await shop.stack.client.placeOrder(shopper, [{ product: p.id, qty: 1 }], { inPerson: true });
    expect(placed.status).toBe(201);
    const id = placed.body._id as string;

    for (const stranger of [null, visitor(), 'not-a-visitor-id']) {
      const res = await confirm(id, as(stranger));
      expect(res.status).toBe(200);
      expect(res.body.customer).toEqual(REDACTED);
      expect(JSON.stringify(res.body)).not.toContain(shopper);
      expect(JSON.stringify(res.body)).not.toContain(CONTACT.email);
      // The same view as GET /api/orders/{id} gives the stranger.
      const got = await read(id, as(stranger));
      expect(got.body.customer).toEqual(REDACTED);
      expect(got.body.paymentReference).toBeNull();
    }
    expect((await confirm(id, as(shopper))).body.customer).toEqual({ id: shopper, ...CONTACT });
    expect((await confirm(id, bearer(shop.admin))).body.customer).toEqual({ id: shopper, ...CONTACT });

    // Without the visitor id there is no way into the shopper's list; with another visitor's header neither.
    const stranger = visitor();
    expect(await shop.stack.request(`/api/orders/tracking/${shopper}`, { headers: as(stranger) })).toMatchObject({ status: 403 });
    expect(await shop.stack.request(`/api/orders/tracking/${shopper}`)).toMatchObject({ status: 403 });
    const own = await shop.stack.request(`/api/orders/tracking/${shopper}`, { headers: as(shopper) });
    expect(own.body.map((o: { _id: string; customer: unknown }) => [o._id, o.customer])).toEqual([[id, { id: shopper, ...CONTACT }]]);

    // Receipts: the PDF only for the shopper and the owner.
    expect(await shop.stack.request(`/api/orders/${id}/receipt`, { headers: as(stranger) })).toMatchObject({ status: 403 });
    expect(await shop.stack.request(`/api/orders/${id}/receipt`)).toMatchObject({ status: 403 });
    expect((await shop.stack.request(`/api/orders/${id}/receipt`, { headers: as(shopper) })).status).toBe(200);
  });

  it("refuses a payment page for someone else's order and writes nothing; the shopper and the owner may open one", async () => {
    const p = await shop.db.product(10);
    const shopper = visitor();
    const id = (await shop.stack.client.placeOrder(shopper, [{ product: p.id, qty: 1 }])).body._id as string;

    for (const stranger of [null, visitor()]) {
      expect(await pay(id, as(stranger))).toMatchObject({ status: 403, body: { message: 'You can only pay for your own orders' } });
    }
    expect(await paymentRows(id)).toBe(0);
    expect(await orderRow(id)).toMatchObject({ payment_reference: null, state: 'awaiting_payment' });

    expect((await pay(id, as(shopper))).status).toBe(200);
    expect((await pay(id, bearer(shop.admin))).status).toBe(200);
    expect(await paymentRows(id)).toBe(2);
  });

  it('the payment result: a genuine result marks the order paid whoever sends it, but only the shopper and the owner get the contact details back', async () => {
    const p = await shop.db.product(10);
    const shopper = visitor();
    const id = (await shop.stack.client.placeOrder(shopper, [{ product: p.id, qty: 2 }])).body._id as string;
    const { params } = await sandboxPay(shop.stack, id, { action: 'approve' }, shopper);

    // The browser that comes back lost its visitor id (another browser, storage cleared): still paid, but redacted.
    const lost = await sendPaymentResult(shop.stack, id, params, null);
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ _id: id, isPaid: true, state: 'paid', customer: REDACTED, paymentReference: null });
    expect(await orderRow(id)).toMatchObject({ is_paid: true, state: 'paid', payment_reference: params.order_id });

    // A replayed result answers nothing more to a stranger, and changes nothing.
    const replayed = await sendPaymentResult(shop.stack, id, params, visitor());
    expect(replayed.body).toMatchObject({ isPaid: true, customer: REDACTED, paymentReference: null });
    expect(JSON.stringify(replayed.body)).not.toContain(CONTACT.phone);

    const mine = await sendPaymentResult(shop.stack, id, params, shopper);
    expect(mine.body).toMatchObject({ isPaid: true, customer: { id: shopper, ...CONTACT }, paymentReference: params.order_id });
    const owners = await shop.stack.request(`/api/orders/payment/${id}`, { method: 'PUT', ...json(params, bearer(shop.admin)) });
    expect(owners.body).toMatchObject({ customer: { id: shopper, ...CONTACT }, paymentReference: params.order_id });
    // One payment recorded, whatever the replays.
    const { rows } = await shop.db.query("SELECT count(*)::int AS n FROM orders.order_timeline WHERE order_id = $1 AND action = 'pay'", [id]);
    expect(rows[0].n).toBe(1);
  });
});

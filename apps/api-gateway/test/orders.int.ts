import { bearer, customer, eventually, json, useShop, visitor } from '@shop/server-testing';
import { connect, type NatsConnection, StringCodec } from 'nats';
import { nonAdminToken } from './support/auth';

/** Orders through the gateway against the real catalog, order and payment services. */
describe('orders', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false' } }, { admin: true });
  let nats: NatsConnection;
  const events: Array<{ subject: string; msgId: string | undefined; data: { event: string; eventId: string; order: { _id: string } } }> = [];

  beforeAll(async () => {
    nats = await connect({ servers: shop.stack.env.NATS_URL });
    const sc = StringCodec();
    // The relay publishes to the JetStream stream's subjects; a plain subscriber sees every publish too.
    const sub = nats.subscribe(`${shop.stack.env.NATS_SUBJECT_PREFIX}events.order.>`);
    void (async () => {
      for await (const m of sub) events.push({ subject: m.subject, msgId: m.headers?.get('Nats-Msg-Id'), data: JSON.parse(sc.decode(m.data)) });
    })();
  }, 90_000);

  afterAll(async () => {
    await nats?.close();
  });

  it('prices a card order on the server, ignores a client totalPrice of 1, and reserves its stock', async () => {
    const a = await shop.db.product(10, 12550);
    const b = await shop.db.product(5, 1999);
    const me = visitor();
    const res = await shop.stack.client.placeOrder(me, [{ product: a.id, qty: 2 }, { product: b.id, qty: 1 }], {
      extra: { totalPrice: 1, itemsPrice: 1, deliveryCost: 0 },
    });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order).toMatchObject({
      customer: { id: me, fname: 'Asha', lname: "O'Brien", email: 'asha@example.com', phone: '(868)555-1234', city: 'Port of Spain', street: '12 Frederick St.' },
      itemsPrice: 270.99,
      deliveryCost: 35,
      totalPrice: 305.99,
      paymentMethod: 'card',
      paymentReference: null,
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      deliveryStatus: 'Preparing Order',
      isInPerson: false,
    });
    expect(order.orderItems).toEqual(
      expect.arrayContaining([
        { name: a.name, product: a.id, qty: 2, price: 125.5, image: '/api/files/demo/mango-lip-balm.svg' },
        { name: b.name, product: b.id, qty: 1, price: 19.99, image: '/api/files/demo/mango-lip-balm.svg' },
      ]),
    );
    expect((await shop.db.stock(a.id)).count_in_stock).toBe(8);
    expect((await shop.db.stock(b.id)).count_in_stock).toBe(4);
    expect(await shop.db.reservation(order._id)).toBe('reserved');

    // order.placed is published after the commit, on the stream's subject for the event, its outbox row id as Nats-Msg-Id.
    const seen = await eventually(
      async () => events.filter((e) => e.data.order._id === order._id),
      (v) => v.length > 0,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0].subject).toBe(`${shop.stack.env.NATS_SUBJECT_PREFIX}events.order.placed`);
    expect(seen[0].data).toMatchObject({ event: 'order.placed', eventId: expect.any(String), occurredAt: expect.any(String) });
    // The row is marked published just after the stream's ack, so the event can be seen a moment before that.
    const published = await eventually(
      async () => (await shop.db.query(`SELECT id::text FROM orders.outbox WHERE payload->>'eventId' = $1 AND published_at IS NOT NULL`, [seen[0].data.eventId])).rows,
      (rows) => rows.length === 1,
    );
    expect(seen[0].msgId).toBe(published[0].id);
  });

  it("checks the checkout fields with the spec's messages and writes nothing", async () => {
    const p = await shop.db.product(3);
    const me = visitor();
    const before = await shop.db.orderCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email' }, 'Please ensure email is valid.'],
      [{ fname: 'R2D2' }, 'Please ensure first name is valid.'],
      [{ lname: '' }, 'Please ensure last name is valid.'],
      [{ phone: '555-12' }, 'Please ensure contact is valid.'],
      [{ city: 'Port <of> Spain' }, 'Please ensure city is valid.'],
      [{ street: 'x'.repeat(101) }, 'Please ensure street is valid.'],
      [{ orderItems: [] }, 'Your cart is empty'],
    ];
    for (const [change, message] of cases) {
      const res = await shop.stack.request('/api/orders', {
        method: 'POST',
        ...json({ ...customer(me), orderItems: [{ product: p.id, qty: 1 }], ...change }, { 'x-visitor-id': me }),
      });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { message } });
    }
    const noVisitor = await shop.stack.request('/api/orders', { method: 'POST', ...json({ ...customer(me), id: undefined, orderItems: [{ product: p.id, qty: 1 }] }) });
    expect(noVisitor.status).toBe(400);
    expect(await shop.db.orderCount()).toBe(before);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(3);
  });

  it('refuses a shortfall with 409 naming the product and what is left, an unknown product with 400, and writes no order', async () => {
    const p = await shop.db.product(2);
    const other = await shop.db.product(10);
    const before = await shop.db.orderCount();
    const short = await shop.stack.client.placeOrder(visitor(), [{ product: other.id, qty: 1 }, { product: p.id, qty: 3 }]);
    expect(short).toMatchObject({ status: 409, body: { message: `Only 2 of ${p.name} left in stock` } });
    const zero = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 0 }]);
    expect(zero.status).toBe(409);
    expect(zero.body.message).toContain(p.name);
    const unknown = await shop.stack.client.placeOrder(visitor(), [{ product: '00000000-0000-4000-8000-000000000000', qty: 1 }]);
    expect(unknown.status).toBe(400);
    expect(await shop.db.orderCount()).toBe(before);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(2);
    expect((await shop.db.stock(other.id)).count_in_stock).toBe(10);
  });

  it('answers the first order for a retried create with the same Idempotency-Key', async () => {
    const p = await shop.db.product(10);
    const me = visitor();
    const first = await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 2 }], { key: 'checkout-123' });
    expect(first.status).toBe(201);
    const retries = await Promise.all([1, 2, 3].map(() => shop.stack.client.placeOrder(me, [{ product: p.id, qty: 2 }], { key: 'checkout-123' })));
    for (const r of retries) expect(r.body._id).toBe(first.body._id);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(8);
    const other = await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 2 }], { key: 'checkout-124' });
    expect(other.body._id).not.toBe(first.body._id);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(6);
    const bad = await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 1 }], { key: 'has space' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Idempotency-Key is not valid' } });
  });

  it("shows contact details only to the owning visitor or an admin, and tracking only to that visitor", async () => {
    const p = await shop.db.product(10);
    const me = visitor();
    const stranger = visitor();
    const older = (await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 1 }])).body;
    const newer = (await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 1 }], { inPerson: true })).body;
    await shop.stack.client.placeOrder(stranger, [{ product: p.id, qty: 1 }]);

    const mine = await shop.stack.request(`/api/orders/${older._id}`, { headers: { 'x-visitor-id': me } });
    expect(mine.body.customer).toEqual(older.customer);
    for (const headers of [{ 'x-visitor-id': stranger }, {} as Record<string, string>]) {
      const theirs = await shop.stack.request(`/api/orders/${older._id}`, { headers });
      expect(theirs.status).toBe(200);
      expect(theirs.body.customer).toEqual({ id: '', fname: 'Asha' });
      expect(JSON.stringify(theirs.body)).not.toContain('asha@example.com');
      expect(JSON.stringify(theirs.body)).not.toContain(me);
    }
    const asAdmin = await shop.stack.request(`/api/orders/${older._id}`, { headers: bearer(shop.admin) });
    expect(asAdmin.body.customer.email).toBe('asha@example.com');
    expect((await shop.stack.request('/api/orders/not-an-id')).status).toBe(404);
    expect((await shop.stack.request('/api/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const tracking = await shop.stack.request(`/api/orders/tracking/${me}`, { headers: { 'x-visitor-id': me } });
    expect(tracking.status).toBe(200);
    expect(tracking.body.map((o: { _id: string }) => o._id)).toEqual([newer._id, older._id]);
    const snooping = await shop.stack.request(`/api/orders/tracking/${me}`, { headers: { 'x-visitor-id': stranger } });
    expect(snooping.status).toBe(403);
    expect((await shop.stack.request(`/api/orders/tracking/${me}`)).status).toBe(403);
  });

  it('in person: confirmed at once with stock reserved; the confirm call never marks it paid; delivering records the cash and commits the stock', async () => {
    const p = await shop.db.product(5);
    const me = visitor();
    const res = await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 2 }], { inPerson: true });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order).toMatchObject({ isInPerson: true, isPaid: false, paymentMethod: 'in_person', deliveryStatus: 'Preparing In Person Order' });
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(3);

    for (let i = 0; i < 3; i++) {
      const confirm = await shop.stack.request(`/api/orders/paymentInPerson/${order._id}`, { method: 'PUT', ...json({ isPaid: true }) });
      expect(confirm.status).toBe(200);
      expect(confirm.body).toMatchObject({ _id: order._id, isPaid: false, paidAt: null });
    }
    expect((await shop.stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId: order._id }) })).status).toBe(409);
    expect((await shop.stack.request(`/api/products/stock/${order._id}`, { method: 'PUT' })).status).toBe(409);
    const forged = await shop.stack.request(`/api/orders/payment/${order._id}`, { method: 'PUT', ...json({ status: 'success', order_id: 'oid-AAAAAAAAAAAA', transaction_id: 'SB-1', total: '1.00', hash: '0'.repeat(32) }) });
    expect(forged).toMatchObject({ status: 400, body: { message: 'Payment could not be verified' } });

    const out = await shop.stack.request(`/api/orders/${order._id}`, { method: 'PUT', ...json({ deliveryStatus: 'Out for Delivery', isDelivered: true }, bearer(shop.admin)) });
    expect(out.body).toMatchObject({ deliveryStatus: 'Out for Delivery', isDelivered: false, deliveredAt: null, isPaid: false });
    const done = await shop.stack.request(`/api/orders/${order._id}`, { method: 'PUT', ...json({ deliveryStatus: 'Delivered' }, bearer(shop.admin)) });
    expect(done.body).toMatchObject({ deliveryStatus: 'Delivered', isDelivered: true, isPaid: true });
    expect(done.body.deliveredAt).toEqual(expect.any(String));
    expect(done.body.paidAt).toEqual(expect.any(String));
    const paidEvents = await eventually(
      async () => events.filter((e) => e.data.order._id === order._id).map((e) => e.data.event),
      (v) => v.includes('order.paid'),
    );
    expect(paidEvents).toEqual(['order.placed', 'order.status_changed', 'order.status_changed', 'order.paid']);
    const after = await eventually(() => shop.db.stock(p.id), (s) => s.purchases === 2);
    expect(after).toEqual({ count_in_stock: 3, purchases: 2 });
    // The order service records the commit after the catalog's answer: wait for that before asking again.
    await eventually(
      async () => (await shop.db.query('SELECT stock_state FROM orders.orders WHERE id = $1', [order._id])).rows[0]?.stock_state,
      (state) => state === 'committed',
    );
    const again = await shop.stack.request(`/api/products/stock/${order._id}`, { method: 'PUT' });
    expect(again.body).toEqual({ orderId: order._id, stock: 'committed' });
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 3, purchases: 2 });
  });

  it('deleting an in-person order is refused while it holds stock; cancelled, it is deleted and its stock is back (admin only)', async () => {
    const p = await shop.db.product(4);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 3 }], { inPerson: true })).body;
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(1);
    expect((await shop.stack.request(`/api/orders/${order._id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await shop.stack.request(`/api/orders/${order._id}`, { method: 'DELETE', headers: bearer(await nonAdminToken(shop.stack)) })).status).toBe(403);
    // Issue 26: an order that holds stock is cancelled (or archived), not deleted.
    expect((await shop.stack.request(`/api/orders/${order._id}`, { method: 'DELETE', headers: bearer(shop.admin) })).status).toBe(409);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(1);
    expect((await shop.stack.request(`/api/orders/${order._id}/cancel`, { method: 'POST', ...json({}, bearer(shop.admin)) })).status).toBe(200);
    const del = await shop.stack.request(`/api/orders/${order._id}`, { method: 'DELETE', headers: bearer(shop.admin) });
    expect(del.status).toBe(200);
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 4)).toEqual({ count_in_stock: 4, purchases: 0 });
    expect((await shop.stack.request(`/api/orders/${order._id}`, { headers: bearer(shop.admin) })).status).toBe(404);
    expect((await shop.stack.request(`/api/orders/${order._id}`, { method: 'DELETE', headers: bearer(shop.admin) })).status).toBe(404);
    const deleted = await eventually(
      async () => events.filter((e) => e.data.event === 'order.deleted' && e.data.order._id === order._id),
      (v) => v.length > 0,
    );
    expect(deleted).toHaveLength(1);
  });

  it('an unpaid card order cannot be sent out or delivered; statuses must fit the order', async () => {
    const p = await shop.db.product(4);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }])).body;
    for (const deliveryStatus of ['Out for Delivery', 'Delivered']) {
      const res = await shop.stack.request(`/api/orders/${order._id}`, { method: 'PUT', ...json({ deliveryStatus }, bearer(shop.admin)) });
      expect(res.status).toBe(409);
    }
    const wrong = await shop.stack.request(`/api/orders/${order._id}`, { method: 'PUT', ...json({ deliveryStatus: 'Preparing In Person Order' }, bearer(shop.admin)) });
    expect(wrong.status).toBe(400);
    const nonsense = await shop.stack.request(`/api/orders/${order._id}`, { method: 'PUT', ...json({ deliveryStatus: 'Lost' }, bearer(shop.admin)) });
    expect(nonsense.status).toBe(400);
    expect((await shop.stack.request(`/api/orders/${order._id}`, { method: 'PUT', ...json({ deliveryStatus: 'Delivered' }) })).status).toBe(401);
    expect((await shop.stack.request(`/api/products/stock/${order._id}`, { method: 'PUT' })).status).toBe(409);
  });

  it('lists orders by admin tab with search and paging, and answers the dashboard figures', async () => {
    const p = await shop.db.product(20, 1000);
    const me = visitor();
    const card = (await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 1 }], { extra: { fname: 'Zelda', email: 'zelda.tab@example.com' } })).body;
    const inPerson = (await shop.stack.client.placeOrder(me, [{ product: p.id, qty: 2 }], { inPerson: true, extra: { fname: 'Zelda' } })).body;

    expect((await shop.stack.request('/api/orders')).status).toBe(401);
    expect((await shop.stack.request('/api/orders', { headers: bearer(await nonAdminToken(shop.stack)) })).status).toBe(403);
    const ids = async (query: string) => {
      const res = await shop.stack.request(`/api/orders?${query}`, { headers: bearer(shop.admin) });
      expect(res.status).toBe(200);
      return res.body.orders.map((o: { _id: string }) => o._id);
    };
    expect(await ids('tab=unpaid')).toContain(card._id);
    expect(await ids('tab=unpaid')).not.toContain(inPerson._id);
    expect(await ids('tab=inperson')).toContain(inPerson._id);
    expect(await ids('tab=inperson')).not.toContain(card._id);
    expect(await ids('tab=card')).not.toContain(card._id);
    expect(await ids('q=zelda.tab')).toEqual([card._id]);
    expect(await ids('tab=inperson&q=Zelda')).toEqual([inPerson._id]);
    expect(await ids(`q=${inPerson.totalPrice.toFixed(2)}`)).toContain(inPerson._id);
    const page = await shop.stack.request('/api/orders?pageSize=1&page=2', { headers: bearer(shop.admin) });
    expect(page.body).toMatchObject({ page: 2, orders: [expect.any(Object)] });
    expect(page.body.pages).toBe(page.body.total);
    expect((await shop.stack.request('/api/orders?tab=nope', { headers: bearer(shop.admin) })).status).toBe(400);

    const stats = await shop.stack.request('/api/orders/stats', { headers: bearer(shop.admin) });
    expect(stats.status).toBe(200);
    expect(stats.body.days).toHaveLength(30);
    expect(stats.body.tabs.inperson).toBeGreaterThanOrEqual(1);
    expect(stats.body.tabs.unpaid).toBeGreaterThanOrEqual(1);
    expect(stats.body.badge).toBe(stats.body.tabs.inperson + stats.body.tabs.card + stats.body.tabs.delivering);
    expect((await shop.stack.request('/api/orders/stats?from=2026-02-01&to=2026-01-01', { headers: bearer(shop.admin) })).status).toBe(400);
    expect((await shop.stack.request('/api/orders/stats')).status).toBe(401);
  });

  it('refuses an order whose total is 0 and gives its stock back; the order keeps the delivery cost in force when placed', async () => {
    const [settings] = (await shop.stack.request('/api/controls')).body;
    const setDelivery = async (deliveryCost: number) => {
      const res = await shop.stack.request(`/api/controls/${settings._id}`, { method: 'PUT', ...json({ ...settings, paymentSettings: { deliveryCost } }, bearer(shop.admin)) });
      expect(res.status).toBe(200);
    };
    const free = await shop.db.product(3, 0);
    const priced = await shop.db.product(3, 1000);
    const before = (await shop.stack.client.placeOrder(visitor(), [{ product: priced.id, qty: 1 }])).body;
    await setDelivery(0);
    try {
      const res = await shop.stack.client.placeOrder(visitor(), [{ product: free.id, qty: 2 }]);
      expect(res).toMatchObject({ status: 400, body: { message: 'The order total must be above 0' } });
      expect((await shop.db.stock(free.id)).count_in_stock).toBe(3);
      const cheap = (await shop.stack.client.placeOrder(visitor(), [{ product: priced.id, qty: 1 }])).body;
      expect(cheap).toMatchObject({ deliveryCost: 0, totalPrice: 10 });
    } finally {
      await setDelivery(35);
    }
    const again = await shop.stack.request(`/api/orders/${before._id}`, { headers: bearer(shop.admin) });
    expect(again.body).toMatchObject({ deliveryCost: 35, totalPrice: 45 });
  });
});

import { bearer, customer, eventually, json, sandboxPay, sendPaymentResult, useExpiryJobs, useShop, visitor } from '@shop/server-testing';

const OWNER = 'owner@holds.test';

/**
 * Issue 23, items 1 and 7, over the real stack: nobody empties a product with in-person orders (limits per order and
 * per client, holds that end), and a card payment that comes back after its unit was sold is the owner's to settle.
 * Time passing is the delayed expiry job promoted in Redis (or the sweeper, for a lost job): no test waits for a clock.
 */
describe('holds that end, and late payments the owner settles (issue 23)', () => {
  const shop = useShop({
    services: ['catalog-service', 'order-service', 'payment-service', 'notification-service'],
    env: {
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      SHOP_OWNER_EMAIL: OWNER,
      ORDER_SWEEP_SECONDS: '1',
      // Long holds: each test ends one by promoting its job, or by the sweeper after moving hold_until back.
      RESERVATION_TTL_SECONDS: '3600',
      IN_PERSON_HOLD_SECONDS: '3600',
      HOLD_MAX_QTY_PER_PRODUCT: '20',
      HOLD_MAX_OPEN_ORDERS: '3',
      HOLD_MAX_OPEN_UNITS: '30',
      FLAG_QUANTITY_FACTOR: '5',
      FLAG_CLIENT_ORDERS: '2',
      // No look-up (issue 29): a late payment is one the shop did not hear of before the order expired.
      PAYMENT_SANDBOX_LOOKUP: 'false',
    },
  }, { admin: true, timeoutMs: 120_000 });
  const expiryJobs = useExpiryJobs(shop);

  let addressCount = 0;
  /** A fresh client address (the gateway trusts X-Forwarded-For from the test's loopback connection). */
  const address = () => `198.51.100.${++addressCount}`;

  /** An order from a client: its own visitor id unless given, an e-mail and an address. */
  function order(path: 'inperson' | '', items: Array<{ product: string; qty: number }>, who: { visitor?: string; email?: string; ip: string }) {
    const me = who.visitor ?? visitor();
    return shop.stack.request(`/api/orders${path ? `/${path}` : ''}`, {
      method: 'POST',
      ...json({ ...customer(me), email: who.email ?? `${me}@shopper.test`, orderItems: items }, { 'x-visitor-id': me, 'x-forwarded-for': who.ip }),
    });
  }

  const count = async (sql: string, params: unknown[] = []) => (await shop.db.query(sql, params)).rows[0].n as number;
  const ordersOf = (productId: string) => count(`SELECT count(*)::int AS n FROM orders.orders WHERE items @> $1::jsonb`, [JSON.stringify([{ product: productId }])]);
  const reservationsOf = (productId: string) => count('SELECT count(*)::int AS n FROM catalog.stock_reservations WHERE product_id = $1', [productId]);
  const mails = async (orderId: string) =>
    (await shop.db.query('SELECT kind, recipient FROM notifications.mails WHERE order_id = $1 ORDER BY kind, recipient', [orderId])).rows;
  const adminOrder = async (id: string) => (await shop.stack.request(`/api/orders/${id}`, { headers: bearer(shop.admin) })).body;
  const { endHold } = expiryJobs;

  describe('the in-person exhaustion (item 1)', () => {
    // First: the shop has no order history yet, so its usual order is the default (2 items).
    it("keeps the client's address from the gateway and shows the owner why an order looks unusual (never the shopper)", async () => {
      const p = await shop.db.product(100);
      const ip = address();
      const me = visitor();
      const big = await order('inperson', [{ product: p.id, qty: 20 }], { visitor: me, ip: address() });
      expect(big.status).toBe(201);
      expect((await adminOrder(big.body._id)).flags).toEqual(['Quantity far above usual: 20 items (the usual order is about 2)']);
      const small: string[] = [];
      for (let i = 0; i < 2; i++) small.push((await order('', [{ product: p.id, qty: 1 }], { ip, email: 'many@shopper.test' })).body._id);
      const { rows } = await shop.db.query('SELECT client_ip FROM orders.orders WHERE id = ANY($1)', [small]);
      expect(rows).toEqual([{ client_ip: ip }, { client_ip: ip }]);
      expect((await adminOrder(small[0])).flags).toEqual([]);
      // A third order from the same e-mail in a day (FLAG_CLIENT_ORDERS=2), from another address.
      const third = await order('inperson', [{ product: p.id, qty: 1 }], { email: 'many@shopper.test', ip: address() });
      expect((await adminOrder(third.body._id)).flags).toEqual(['Many orders from this client: 2 others in the last 24 hours']);
      const page = await shop.stack.request('/api/orders?tab=all&pageSize=100', { headers: bearer(shop.admin) });
      expect(page.body.orders.find((o: { _id: string }) => o._id === big.body._id).flags).toHaveLength(1);
      // The shopper's own view carries no flags.
      const own = await shop.stack.request(`/api/orders/${big.body._id}`, { headers: { 'x-visitor-id': me } });
      expect(own.status).toBe(200);
      expect(own.body.flags).toBeUndefined();
    });

    it('refuses an order over the per-order limit, naming the limit, and writes and reserves nothing', async () => {
      const p = await shop.db.product(100);
      const before = await shop.db.orderCount();
      const ip = address();
      const one = await order('inperson', [{ product: p.id, qty: 100 }], { ip });
      expect(one.status).toBe(400);
      expect(one.body).toEqual({ message: `An order may hold at most 20 of one product (100 of ${p.name} asked). Please lower the quantity.` });
      // Lines of one product count together.
      const split = await order('inperson', [{ product: p.id, qty: 15 }, { product: p.id, qty: 15 }], { ip });
      expect(split.status).toBe(400);
      expect(split.body.message).toContain('at most 20 of one product (30 of');
      expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 100, purchases: 0 });
      expect(await shop.db.orderCount()).toBe(before);
      expect(await reservationsOf(p.id)).toBe(0);
    });

    it('one address may hold at most HOLD_MAX_OPEN_ORDERS open orders, whatever visitor ids and e-mails it types; other clients still buy', async () => {
      const p = await shop.db.product(100);
      const ip = address();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await order('inperson', [{ product: p.id, qty: 10 }], { ip })).status);
      expect(statuses).toEqual([201, 201, 201]);
      const refused = await order('inperson', [{ product: p.id, qty: 10 }], { ip });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        "You already have 3 orders waiting for payment or for the shop's confirmation; one customer may have at most 3 at once. Please pay for them or wait for the shop to confirm them.",
      );
      // Nothing of the refused order is left: the stock is the three orders' only, no fourth order or reservation.
      expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 70, purchases: 0 });
      expect(await ordersOf(p.id)).toBe(3);
      expect(await reservationsOf(p.id)).toBe(3);
      // A card order counts too (it holds stock until paid or expired).
      expect((await order('', [{ product: p.id, qty: 1 }], { ip })).status).toBe(409);
      expect((await order('inperson', [{ product: p.id, qty: 10 }], { ip: address() })).status).toBe(201);
      expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 60, purchases: 0 });
    });

    it('one e-mail (any case) and one visitor id are limited on their own, and a confirmed order no longer counts', async () => {
      const p = await shop.db.product(100);
      const email = `Limit.${visitor()}@Shopper.test`;
      const placed = [];
      for (let i = 0; i < 3; i++) placed.push(await order('inperson', [{ product: p.id, qty: 2 }], { email: i === 1 ? email.toLowerCase() : email, ip: address() }));
      expect(placed.map((r) => r.status)).toEqual([201, 201, 201]);
      expect((await order('inperson', [{ product: p.id, qty: 2 }], { email: email.toUpperCase(), ip: address() })).status).toBe(409);
      // The owner confirms one: it is no longer an open hold, so the e-mail may order again.
      const confirmed = await shop.stack.request(`/api/orders/${placed[0].body._id}/confirm`, { method: 'POST', ...json({}, bearer(shop.admin)) });
      expect(confirmed.status).toBe(200);
      expect((await order('inperson', [{ product: p.id, qty: 2 }], { email, ip: address() })).status).toBe(201);

      const me = visitor();
      for (let i = 0; i < 3; i++) expect((await order('inperson', [{ product: p.id, qty: 1 }], { visitor: me, ip: address() })).status).toBe(201);
      expect((await order('inperson', [{ product: p.id, qty: 1 }], { visitor: me, ip: address() })).status).toBe(409);
      expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 100 - 8 - 3, purchases: 0 });
    });

    it('one client may hold at most HOLD_MAX_OPEN_UNITS units at once, and simultaneous orders cannot all pass', async () => {
      const p = await shop.db.product(100);
      const ip = address();
      expect((await order('inperson', [{ product: p.id, qty: 20 }], { ip })).status).toBe(201);
      const over = await order('inperson', [{ product: p.id, qty: 11 }], { ip });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(
        "One customer may hold at most 30 items at once in orders waiting for payment or for the shop's confirmation (20 held already, 11 in this order).",
      );
      expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 80, purchases: 0 });

      // Eight orders at once from a fresh address: the client's lock lets exactly three through.
      const burstIp = address();
      const burst = await Promise.all(Array.from({ length: 8 }, () => order('inperson', [{ product: p.id, qty: 1 }], { ip: burstIp })));
      expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      // The refused ones' reservations were given back at once.
      expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 77)).toEqual({ count_in_stock: 77, purchases: 0 });
    });

    it('an unconfirmed in-person hold expires back into stock and the shopper and the owner are told; a confirmed one is kept', async () => {
      const p = await shop.db.product(5);
      const held = await order('inperson', [{ product: p.id, qty: 5 }], { email: 'held@shopper.test', ip: address() });
      expect(held.status).toBe(201);
      expect(Date.parse(held.body.holdUntil) - Date.parse(held.body.createdAt)).toBe(3600 * 1000);
      // Everyone else is out of stock while the hold lasts.
      const other = await order('inperson', [{ product: p.id, qty: 1 }], { ip: address() });
      expect([other.status, other.body.message]).toEqual([409, `${p.name} is out of stock`]);
      // The owner sees when the hold ends and can confirm it.
      const view = await adminOrder(held.body._id);
      expect(view).toMatchObject({ state: 'in_person', holdUntil: held.body.holdUntil });
      expect(view.actions).toContain('confirm');

      await endHold(held.body._id);
      const expired = await eventually(() => adminOrder(held.body._id), (o) => o.state === 'expired');
      expect(expired).toMatchObject({ state: 'expired', isPaid: false, actions: ['cancel'] });
      expect(expired.timeline.map((t: { action: string; to: string; actor: string }) => `${t.action}:${t.to}:${t.actor}`)).toEqual([
        'place:in_person:shopper',
        'expire:expired:system',
      ]);
      expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 5)).toEqual({ count_in_stock: 5, purchases: 0 });
      expect(await eventually(() => mails(held.body._id), (m) => m.length === 4)).toEqual([
        { kind: 'in_person_expired', recipient: 'held@shopper.test' },
        { kind: 'order_placed_in_person', recipient: 'held@shopper.test' },
        { kind: 'owner_in_person_expired', recipient: OWNER },
        { kind: 'owner_new_order', recipient: OWNER },
      ]);
      // An expired order cannot be sent out: its items may already be someone else's.
      const send = await shop.stack.request(`/api/orders/${held.body._id}`, { method: 'PUT', ...json({ deliveryStatus: 'Out for Delivery' }, bearer(shop.admin)) });
      expect([send.status, send.body]).toEqual([409, { message: 'This order expired unconfirmed and its items went back on sale' }]);

      // Confirmed: the hold has no end any more, the same job changes nothing.
      const kept = await order('inperson', [{ product: p.id, qty: 2 }], { ip: address() });
      const confirmed = await shop.stack.request(`/api/orders/${kept.body._id}/confirm`, { method: 'POST', ...json({ note: 'Called her' }, bearer(shop.admin)) });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ state: 'in_person', holdUntil: null });
      expect(confirmed.body.actions).not.toContain('confirm');
      expect(confirmed.body.timeline.at(-1)).toMatchObject({ action: 'confirm', from: 'in_person', to: 'in_person', actor: 'owner', note: 'Called her' });
      const again = await shop.stack.request(`/api/orders/${kept.body._id}/confirm`, { method: 'POST', ...json({}, bearer(shop.admin)) });
      expect([again.status, again.body]).toEqual([409, { message: 'This order is already confirmed' }]);
      await endHold(kept.body._id);
      await eventually(async () => (await expiryJobs.queue().getJob(`${kept.body._id}.expire`))?.finishedOn, (done) => done !== undefined);
      expect((await adminOrder(kept.body._id)).state).toBe('in_person');
      expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 3, purchases: 0 });
    }, 40_000);

    it('a hold whose expiry job was lost is expired by the sweeper', async () => {
      const p = await shop.db.product(4);
      const held = await order('inperson', [{ product: p.id, qty: 4 }], { ip: address() });
      expect(await expiryJobs.queue().remove(`${held.body._id}.expire`)).toBe(1);
      await shop.db.query(`UPDATE orders.orders SET hold_until = now() - interval '1 minute' WHERE id = $1`, [held.body._id]);
      expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 4, 20_000)).toEqual({ count_in_stock: 4, purchases: 0 });
      expect((await adminOrder(held.body._id)).state).toBe('expired');
    }, 30_000);
  });

  describe('the late payment for a unit already sold (item 7)', () => {
    /** A card order for the product's last unit, its payment page approved, then its reservation ended and released. */
    async function lateCardOrder(stock: number) {
      const p = await shop.db.product(stock);
      const placed = await order('', [{ product: p.id, qty: 1 }], { email: `late.${visitor()}@shopper.test`, ip: address() });
      expect(placed.status).toBe(201);
      const { params } = await sandboxPay(shop.stack, placed.body._id);
      await endHold(placed.body._id);
      await eventually(async () => (await shop.db.query('SELECT stock_state FROM orders.orders WHERE id = $1', [placed.body._id])).rows[0].stock_state, (s) => s === 'released');
      expect((await shop.db.stock(p.id)).count_in_stock).toBe(stock);
      return { product: p, order: placed.body, params };
    }

    it('a payment for a unit sold meanwhile makes the order paid, out of stock: stock stays at 0, the owner is mailed once, replays change nothing', async () => {
      const { product, order: late, params } = await lateCardOrder(1);
      // Another shopper buys the unit in person meanwhile.
      const other = await order('inperson', [{ product: product.id, qty: 1 }], { ip: address() });
      expect(other.status).toBe(201);
      expect(await shop.db.stock(product.id)).toEqual({ count_in_stock: 0, purchases: 0 });

      const paid = await sendPaymentResult(shop.stack, late._id, params);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ _id: late._id, state: 'paid_out_of_stock', isPaid: true });
      const replays = await Promise.all(Array.from({ length: 5 }, () => sendPaymentResult(shop.stack, late._id, params)));
      for (const r of replays) expect([r.status, r.body.state]).toEqual([200, 'paid_out_of_stock']);
      // Never below 0, never sold twice.
      expect(await shop.db.stock(product.id)).toEqual({ count_in_stock: 0, purchases: 0 });
      expect(await count(`SELECT count(*)::int AS n FROM orders.outbox WHERE event = 'order.paid' AND payload->'order'->>'_id' = $1`, [late._id])).toBe(1);
      const sent = await eventually(() => mails(late._id), (m) => m.length === 2);
      expect(sent).toEqual([
        { kind: 'owner_paid_out_of_stock', recipient: OWNER },
        { kind: 'paid_out_of_stock', recipient: late.customer.email },
      ]);

      // The owner's alert and the order's two ways out.
      const stats = await shop.stack.request('/api/orders/stats', { headers: bearer(shop.admin) });
      expect(stats.body.tabs.outofstock).toBeGreaterThanOrEqual(1);
      const listed = await shop.stack.request('/api/orders?tab=outofstock', { headers: bearer(shop.admin) });
      expect(listed.body.orders.map((o: { _id: string }) => o._id)).toContain(late._id);
      const view = await adminOrder(late._id);
      expect(view.actions).toEqual(['fulfil', 'cancel']);
      expect(view.timeline.map((t: { action: string; to: string }) => `${t.action}:${t.to}`)).toEqual([
        'place:awaiting_payment',
        'expire:expired',
        'pay_without_stock:paid_out_of_stock',
      ]);

      // Fulfilling before the restock is refused and changes nothing.
      const early = await shop.stack.request(`/api/orders/${late._id}/fulfil`, { method: 'POST', ...json({}, bearer(shop.admin)) });
      expect(early.status).toBe(409);
      expect(early.body).toEqual({ message: `${product.name} is out of stock. Restock it first, or cancel the order and refund the payment.` });
      expect(await shop.db.stock(product.id)).toEqual({ count_in_stock: 0, purchases: 0 });
      expect((await adminOrder(late._id)).state).toBe('paid_out_of_stock');

      // Restocked: the order takes its unit and is prepared like any paid order.
      await shop.db.query('UPDATE catalog.products SET count_in_stock = 2 WHERE id = $1', [product.id]);
      const fulfilled = await shop.stack.request(`/api/orders/${late._id}/fulfil`, { method: 'POST', ...json({ note: 'Restocked' }, bearer(shop.admin)) });
      expect(fulfilled.status).toBe(200);
      expect(fulfilled.body).toMatchObject({ state: 'paid', deliveryStatus: 'Preparing Order' });
      expect(await shop.db.stock(product.id)).toEqual({ count_in_stock: 1, purchases: 1 });
      expect(
        await eventually(async () => (await shop.db.query('SELECT stock_state FROM orders.orders WHERE id = $1', [late._id])).rows[0].stock_state, (s) => s === 'committed'),
      ).toBe('committed');
      // The owner's mail went once, for the payment.
      expect((await mails(late._id)).filter((m) => m.recipient === OWNER)).toEqual([{ kind: 'owner_paid_out_of_stock', recipient: OWNER }]);
    }, 40_000);

    it('the other way out: cancelling a paid, out-of-stock order makes the refund due and moves no stock', async () => {
      const { product, order: late, params } = await lateCardOrder(1);
      expect((await order('inperson', [{ product: product.id, qty: 1 }], { ip: address() })).status).toBe(201);
      expect((await sendPaymentResult(shop.stack, late._id, params)).body.state).toBe('paid_out_of_stock');
      const cancelled = await shop.stack.request(`/api/orders/${late._id}/cancel`, { method: 'POST', ...json({ note: 'Sold out' }, bearer(shop.admin)) });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.state).toBe('refund_due');
      await new Promise((r) => setTimeout(r, 500));
      expect(await shop.db.stock(product.id)).toEqual({ count_in_stock: 0, purchases: 0 });
    }, 40_000);

    it('a late payment while the unit is still on the shelf takes it again: paid, stock committed', async () => {
      const { product, order: late, params } = await lateCardOrder(1);
      const paid = await sendPaymentResult(shop.stack, late._id, params);
      expect(paid.body).toMatchObject({ state: 'paid', isPaid: true });
      expect(await shop.db.stock(product.id)).toEqual({ count_in_stock: 0, purchases: 1 });
      // The shelf is empty now: another shopper is refused rather than sold the same unit.
      const other = await order('inperson', [{ product: product.id, qty: 1 }], { ip: address() });
      expect(other.status).toBe(409);
    }, 40_000);
  });
});

import { bearer, discountCodeForm, eventually, json, sandboxPay, sendPaymentResult, useExpiryJobs, useShop, visitor } from '@shop/server-testing';

/**
 * Delivery areas and discount codes over the real stack: the server prices the area and the saving, a code is
 * used at most its total number of times under concurrency, a use comes back when its order does not sell, and
 * every refusal leaves nothing behind.
 */
describe('delivery areas and discount codes', () => {
  const shop = useShop({
    services: ['catalog-service', 'order-service', 'payment-service'],
    // The limit per client is lifted: the concurrency test places 50 orders from one address. 50 checkouts at once
    // on a loaded 2-core machine queue for the services' database pools: the calls between services get the
    // production default wait (5 s) and more, rather than the test stacks' 2 s, so a slow moment is not a 503.
    env: { SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', RESERVATION_TTL_SECONDS: '10', ORDER_SWEEP_SECONDS: '1', NATS_TIMEOUT_MS: '10000' },
  }, { admin: true });
  const expiryJobs = useExpiryJobs(shop);

  const asAdmin = (method: string, path: string, body?: unknown) =>
    shop.stack.request(path, { method, ...(body === undefined ? { headers: bearer(shop.admin) } : json(body, bearer(shop.admin))) });
  const quote = (body: Record<string, unknown>) => shop.stack.request('/api/orders/quote', { method: 'POST', ...json(body) });

  let codeCount = 0;
  /** A discount code with the owner's defaults, changed by `terms`. */
  async function createCode(terms: Record<string, unknown> = {}): Promise<{ _id: string; code: string }> {
    codeCount += 1;
    const res = await asAdmin('POST', '/api/discount-codes', discountCodeForm({ code: `TEST${codeCount}${Date.now().toString(36).toUpperCase()}`, ...terms }));
    if (res.status !== 201) throw new Error(`code not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function areas(): Promise<Array<{ _id: string; name: string; cost: number; estimatedDays: string; active: boolean; isDefault: boolean }>> {
    const res = await asAdmin('GET', '/api/delivery-areas/all');
    expect(res.status).toBe(200);
    return res.body;
  }
  const area = async (name: string) => {
    const found = (await areas()).find((a) => a.name === name);
    if (!found) throw new Error(`no area ${name}`);
    return found;
  };

  /** Everything an order could leave behind: orders, outbox rows, live reservations, uses, and the products' stock. */
  async function snapshot(productIds: string[]) {
    const { rows } = await shop.db.query(
      `SELECT (SELECT count(*)::int FROM orders.orders) AS orders,
              (SELECT count(*)::int FROM orders.outbox) AS outbox,
              (SELECT count(*)::int FROM orders.discount_redemptions) AS redemptions,
              (SELECT coalesce(sum(used), 0)::int FROM orders.discount_codes) AS used,
              (SELECT count(*)::int FROM catalog.stock_reservations WHERE status = 'reserved' AND product_id = ANY($1::uuid[])) AS reserved,
              (SELECT json_agg(json_build_object('id', id, 'stock', count_in_stock) ORDER BY id) FROM catalog.products WHERE id = ANY($1::uuid[])) AS products`,
      [productIds],
    );
    return rows[0];
  }

  describe('delivery areas', () => {
    it('starts with the shop\'s areas; the default is priced by paymentSettings.deliveryCost, and changing one changes the other', async () => {
      const list = (await shop.stack.request('/api/delivery-areas')).body;
      expect(list.map((a: { name: string }) => a.name)).toEqual([
        'Port of Spain and environs',
        'East-West Corridor',
        'Central Trinidad',
        'South Trinidad',
        'Tobago',
        'Pick up in store',
      ]);
      expect(list[0]).toMatchObject({ isDefault: true, cost: 35, active: true });
      expect(list.find((a: { name: string }) => a.name === 'Pick up in store').cost).toBe(0);
      const tobago = list.find((a: { name: string }) => a.name === 'Tobago');
      expect(tobago.cost).toBeGreaterThan(list[0].cost);

      const def = list[0];
      expect((await asAdmin('PUT', `/api/delivery-areas/${def._id}`, { name: def.name, cost: 37.5, estimatedDays: def.estimatedDays, active: true })).status).toBe(200);
      expect((await shop.stack.request('/api/controls')).body[0].paymentSettings.deliveryCost).toBe(37.5);
      const settings = (await shop.stack.request('/api/controls')).body[0];
      const { _id, ...rest } = settings;
      const back = await asAdmin('PUT', `/api/controls/${_id}`, { ...rest, paymentSettings: { deliveryCost: 35 } });
      expect(back.status).toBe(200);
      expect((await area(def.name)).cost).toBe(35);

      // The default area cannot be switched off; the owner's refusals are clear 4xx and change nothing.
      expect(await asAdmin('PUT', `/api/delivery-areas/${def._id}`, { name: def.name, cost: 35, estimatedDays: def.estimatedDays, active: false })).toMatchObject({
        status: 400,
        body: { message: 'The default delivery area cannot be switched off' },
      });
      expect((await asAdmin('POST', '/api/delivery-areas', { name: 'Tobago', cost: 10, estimatedDays: '1 day', active: true })).status).toBe(409);
      expect((await asAdmin('POST', '/api/delivery-areas', { name: 'Chaguanas', cost: 10.005, estimatedDays: '1 day', active: true })).body).toEqual({
        message: 'Delivery cost must be 0 or more with at most two decimals',
      });
      expect((await shop.stack.request('/api/delivery-areas', { method: 'POST', ...json({ name: 'X', cost: 1, estimatedDays: '1', active: true }) })).status).toBe(401);
      expect((await areas()).length).toBe(6);
    });

    it('prices the area the shopper picks on the server; a client-sent cost is ignored, and a made-up or switched-off area is refused with nothing written', async () => {
      const p = await shop.db.product(10, 4500);
      const tobago = await area('Tobago');
      const q = (await quote({ orderItems: [{ product: p.id, qty: 2 }], deliveryAreaId: tobago._id })).body;
      expect(q).toMatchObject({ itemsPrice: 90, deliveryCost: tobago.cost, totalPrice: 90 + tobago.cost, deliveryArea: { _id: tobago._id, name: 'Tobago' } });

      // In person: card orders expire after 10 s in this stack, which would move the counts other tests compare.
      const res = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2, confirmedPrice: 45 }], {
        inPerson: true,
        extra: { deliveryAreaId: tobago._id, deliveryCost: 0, totalPrice: 1, confirmedTotal: q.totalPrice },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ deliveryCost: tobago.cost, deliveryArea: { name: 'Tobago', estimatedDays: tobago.estimatedDays }, totalPrice: 90 + tobago.cost, discount: null });

      // No area named: the default area, as before areas existed.
      const plain = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true });
      expect(plain.body).toMatchObject({ deliveryCost: 35, deliveryArea: { name: 'Port of Spain and environs' } });

      const made = await shop.db.product(5, 1000);
      const before = await snapshot([made.id]);
      for (const deliveryAreaId of ['00000000-0000-4000-8000-000000000000', 'tobago', "' OR 1=1 --"]) {
        const bad = await shop.stack.client.placeOrder(visitor(), [{ product: made.id, qty: 1 }], { extra: { deliveryAreaId } });
        expect(bad).toMatchObject({ status: 400, body: { message: 'Please choose a delivery area from the list' } });
        expect((await quote({ orderItems: [{ product: made.id, qty: 1 }], deliveryAreaId })).body).toEqual({ message: 'Please choose a delivery area from the list' });
      }
      const closed = (await asAdmin('POST', '/api/delivery-areas', { name: 'Chacachacare', cost: 500, estimatedDays: 'By boat', active: false })).body;
      expect(closed).toMatchObject({ active: false, cost: 500, isDefault: false });
      expect((await shop.stack.request('/api/delivery-areas')).body.some((a: { _id: string }) => a._id === closed._id)).toBe(false);
      const off = await shop.stack.client.placeOrder(visitor(), [{ product: made.id, qty: 1 }], { inPerson: true, extra: { deliveryAreaId: closed._id } });
      expect(off).toMatchObject({ status: 400, body: { message: 'Please choose a delivery area from the list' } });
      expect(await snapshot([made.id])).toEqual(before);
    });

    it('keeps an order\'s area name, days and cost when the owner edits the area afterwards', async () => {
      const p = await shop.db.product(10, 2000);
      const south = await area('South Trinidad');
      const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { deliveryAreaId: south._id } })).body;
      expect(order).toMatchObject({ deliveryCost: south.cost, deliveryArea: { name: 'South Trinidad', estimatedDays: south.estimatedDays }, totalPrice: 20 + south.cost });

      const edited = await asAdmin('PUT', `/api/delivery-areas/${south._id}`, { name: 'South and Deep South', cost: 99.99, estimatedDays: '5 working days', active: true });
      expect(edited.body).toMatchObject({ name: 'South and Deep South', cost: 99.99, estimatedDays: '5 working days' });

      const after = (await asAdmin('GET', `/api/orders/${order._id}`)).body;
      expect(after).toMatchObject({ deliveryCost: south.cost, deliveryArea: { name: 'South Trinidad', estimatedDays: south.estimatedDays }, totalPrice: order.totalPrice });
      // A new order pays the new figure.
      const next = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { deliveryAreaId: south._id } })).body;
      expect(next).toMatchObject({ deliveryCost: 99.99, deliveryArea: { name: 'South and Deep South' }, totalPrice: 119.99 });
    });
  });

  describe('discount codes', () => {
    it('checks the owner\'s form with clear messages, and lists each code with its uses', async () => {
      const bad = async (terms: Record<string, unknown>) => (await asAdmin('POST', '/api/discount-codes', { ...validCode(), ...terms })).body;
      expect(await bad({ kind: 'percent', value: 120 })).toEqual({ message: 'A percent discount must be a whole number from 1 to 100' });
      expect(await bad({ kind: 'fixed', value: 0 })).toEqual({ message: 'A fixed discount must be an amount above 0 with at most two decimals' });
      expect(await bad({ code: 'a b' })).toEqual({ message: 'Discount code must be 3 to 30 letters or digits' });
      expect(await bad({ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' })).toEqual({ message: 'The end date must be after the start date' });
      expect(await bad({ totalUses: 0 })).toEqual({ message: 'Total uses must be at least 1' });
      expect((await shop.stack.request('/api/discount-codes', { method: 'POST', ...json(validCode()) })).status).toBe(401);

      const made = await createCode({ code: 'glow-list', totalUses: 3 });
      expect(made).toMatchObject({ code: 'GLOW-LIST', totalUses: 3, used: 0 });
      expect((await asAdmin('POST', '/api/discount-codes', { ...validCode(), code: 'Glow-List' })).status).toBe(409);
      const list = (await asAdmin('GET', '/api/discount-codes')).body;
      expect(list.find((c: { code: string }) => c.code === 'GLOW-LIST')).toMatchObject({ used: 0, totalUses: 3 });
    });

    it('quotes the saving before paying, exact to the cent, and the order carries it: total = items - discount + delivery', async () => {
      const p = await shop.db.product(20, 3333);
      const code = await createCode({ value: 15 });
      const pickup = await area('Pick up in store');
      const q = (await quote({ orderItems: [{ product: p.id, qty: 3 }], discountCode: code.code.toLowerCase(), deliveryAreaId: pickup._id })).body;
      // 15% of 99.99 is 14.9985: 15.00, rounded half up to the cent.
      expect(q).toMatchObject({ itemsPrice: 99.99, deliveryCost: 0, discount: { code: code.code, amount: 15 }, discountProblem: null, totalPrice: 84.99 });

      const res = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 3, confirmedPrice: 33.33 }], {
        inPerson: true,
        extra: { discountCode: code.code, deliveryAreaId: pickup._id, confirmedTotal: 84.99, discount: { code: code.code, amount: 99 } },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ itemsPrice: 99.99, discount: { code: code.code, amount: 15 }, deliveryCost: 0, totalPrice: 84.99 });
      const { rows } = await shop.db.query('SELECT items_cents, discount_cents, delivery_cents, total_cents FROM orders.orders WHERE id = $1', [res.body._id]);
      expect(rows[0]).toEqual({ items_cents: '9999', discount_cents: '1500', delivery_cents: '0', total_cents: '8499' });

      // Delivery is not discounted unless the code says so; when it does, the saving never passes the total.
      const delivery = await createCode({ kind: 'fixed', value: 60, appliesToDelivery: true });
      const capped = (await quote({ orderItems: [{ product: p.id, qty: 1 }], discountCode: delivery.code })).body;
      expect(capped).toMatchObject({ itemsPrice: 33.33, deliveryCost: 35, discount: { amount: 60 }, totalPrice: 8.33 });
      const big = await createCode({ kind: 'fixed', value: 500 });
      const itemsOnly = (await quote({ orderItems: [{ product: p.id, qty: 1 }], discountCode: big.code })).body;
      expect(itemsOnly).toMatchObject({ itemsPrice: 33.33, discount: { amount: 33.33 }, deliveryCost: 35, totalPrice: 35 });
      const placed = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: big.code } });
      expect(placed.body).toMatchObject({ itemsPrice: 33.33, discount: { amount: 33.33 }, totalPrice: 35 });
    });

    it('names why a code gives nothing in the quote, and refuses it at placing with nothing written', async () => {
      const p = await shop.db.product(10, 2000);
      const ended = await createCode({ startsAt: '2025-01-01T00:00:00Z', endsAt: '2025-02-01T00:00:00Z' });
      const off = await createCode({ active: false });
      const minimum = await createCode({ minOrder: 100 });
      const cases: Array<[string, number, string]> = [
        ['NOSUCHCODE', 400, 'Discount code NOSUCHCODE is not valid'],
        [ended.code, 409, `Discount code ${ended.code} has ended`],
        [off.code, 409, `Discount code ${off.code} is not active`],
        [minimum.code, 409, `Discount code ${minimum.code} needs an order of at least TT$100.00`],
      ];
      const before = await snapshot([p.id]);
      for (const [code, status, message] of cases) {
        const q = (await quote({ orderItems: [{ product: p.id, qty: 1 }], discountCode: code })).body;
        expect(q).toMatchObject({ discount: null, discountProblem: message, totalPrice: 55 });
        const res = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: code } });
        expect(res.status).toBe(status);
        expect(res.body.message).toContain(message);
      }
      // The full price confirmed while a code is sent: the total changed, 409, nothing written.
      const real = await createCode({ value: 50 });
      const wrong = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1, confirmedPrice: 20 }], { extra: { discountCode: real.code, confirmedTotal: 55 } });
      expect(wrong).toMatchObject({ status: 409, body: { message: 'The total is now TT$45.00 (was TT$55.00). Please check the new total and confirm your order again.' } });
      const after = await snapshot([p.id]);
      expect(after).toEqual(before);
    });

    it('50 checkouts at once with a code that has 5 uses left: exactly 5 orders carry the discount, the rest are refused clearly and leave nothing', async () => {
      const p = await shop.db.product(200, 1000);
      const code = await createCode({ totalUses: 8, value: 20 });
      // Three uses already taken: 5 left.
      for (let i = 0; i < 3; i += 1) {
        expect((await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: code.code } })).status).toBe(201);
      }
      const before = await snapshot([p.id]);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }], { inPerson: true, extra: { discountCode: code.code } })),
      );
      const placed = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.filter((r) => r.status !== 409).map((r) => [r.status, r.body])).toEqual([]);
      expect(placed).toHaveLength(5);
      for (const r of placed) expect(r.body).toMatchObject({ itemsPrice: 20, discount: { code: code.code, amount: 4 }, totalPrice: 51 });
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect(r.body.message).toMatch(new RegExp(`^Discount code ${code.code} has (just run out|no uses left)\\. Remove the code to place the order at the full price\\.$`));
      }
      const after = await snapshot([p.id]);
      expect(after).toMatchObject({
        orders: before.orders + 5,
        outbox: before.outbox + 5,
        redemptions: before.redemptions + 5,
        used: before.used + 5,
        reserved: before.reserved + 5,
        products: [{ id: p.id, stock: 200 - 3 - 10 }],
      });
      expect((await asAdmin('GET', `/api/discount-codes/${code._id}`)).body).toMatchObject({ used: 8, totalUses: 8 });
      // The shopper may go ahead at the full price without the code.
      const full = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }], { inPerson: true });
      expect(full.body).toMatchObject({ discount: null, totalPrice: 55 });
    }, 120_000);

    it('limits uses per customer email (any case), and a cancelled order gives its use back', async () => {
      const p = await shop.db.product(20, 1000);
      const code = await createCode({ usesPerCustomer: 1 });
      const first = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: code.code } });
      expect(first.status).toBe(201);

      const before = await snapshot([p.id]);
      const again = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: code.code, email: 'ASHA@example.com' } });
      expect(again).toMatchObject({
        status: 409,
        body: { message: `Discount code ${code.code} has already been used with this email. Remove the code to place the order at the full price.` },
      });
      const q = (await quote({ orderItems: [{ product: p.id, qty: 1 }], discountCode: code.code, email: 'asha@example.com' })).body;
      expect(q).toMatchObject({ discount: null, discountProblem: expect.stringContaining('already been used with this email') });
      expect(await snapshot([p.id])).toEqual(before);

      const other = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: code.code, email: 'kavi@example.com' } });
      expect(other.status).toBe(201);

      expect((await asAdmin('POST', `/api/orders/${first.body._id}/cancel`, {})).status).toBe(200);
      const detail = (await asAdmin('GET', `/api/discount-codes/${code._id}`)).body;
      expect(detail.used).toBe(1);
      expect(detail.redemptions.find((r: { orderId: string }) => r.orderId === first.body._id)).toMatchObject({ status: 'released', orderNumber: first.body.orderNumber });
      const back = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: code.code } });
      expect(back.status).toBe(201);
      // A second cancel is refused by the lifecycle and gives nothing back twice.
      expect((await asAdmin('POST', `/api/orders/${first.body._id}/cancel`, {})).status).toBe(409);
      expect((await asAdmin('GET', `/api/discount-codes/${code._id}`)).body.used).toBe(2);
    });

    it('gives the use back when an unpaid card order expires (the sweeper\'s expiry), so the last use can be taken again', async () => {
      const p = await shop.db.product(5, 1000);
      const code = await createCode({ totalUses: 1 });
      const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { extra: { discountCode: code.code } })).body;
      expect(order.discount).toEqual({ code: code.code, amount: 1 });
      // The expiry job is lost: the sweeper expires the order.
      await expiryJobs.queue().remove(`${order._id}.expire`);
      const taken = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { extra: { discountCode: code.code } });
      expect(taken.status).toBe(409);

      const used = await eventually(
        async () => (await shop.db.query('SELECT used FROM orders.discount_codes WHERE id = $1', [code._id])).rows[0].used,
        (n) => n === 0,
        45_000,
      );
      expect(used).toBe(0);
      const { rows } = await shop.db.query('SELECT o.state, r.status FROM orders.orders o JOIN orders.discount_redemptions r ON r.order_id = o.id WHERE o.id = $1', [order._id]);
      expect(rows[0]).toEqual({ state: 'expired', status: 'released' });
      const again = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { discountCode: code.code } });
      expect(again.status).toBe(201);
      expect(again.body.discount).toEqual({ code: code.code, amount: 1 });
    }, 60_000);

    it('gives the use back when the card is declined, and keeps it when the card is approved', async () => {
      const p = await shop.db.product(5, 1000);
      const code = await createCode({ totalUses: 2 });
      const usedNow = async () => (await asAdmin('GET', `/api/discount-codes/${code._id}`)).body.used;
      // Each card order is paid right after it is placed, well inside the stack's 10 s reservation.
      const declined = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { extra: { discountCode: code.code } })).body;
      expect(await usedNow()).toBe(1);
      const no = await sandboxPay(shop.stack, declined._id, { action: 'decline' });
      expect((await sendPaymentResult(shop.stack, declined._id, no.params)).body.state).toBe('payment_failed');
      expect(await usedNow()).toBe(0);

      const approved = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { extra: { discountCode: code.code } })).body;
      const yes = await sandboxPay(shop.stack, approved._id, { action: 'approve' });
      expect(yes.page).toContain('TT$44.00');
      expect((await sendPaymentResult(shop.stack, approved._id, yes.params)).body).toMatchObject({ state: 'paid', totalPrice: 44, discount: { code: code.code, amount: 1 } });
      expect(await usedNow()).toBe(1);
      // A replayed decline gives nothing back twice.
      await sendPaymentResult(shop.stack, declined._id, no.params);
      expect(await usedNow()).toBe(1);
    }, 40_000);

    it('names a live code on the home banner, and only one', async () => {
      const first = await createCode({ onBanner: true, value: 10 });
      expect((await shop.stack.request('/api/discount-codes/banner')).body).toMatchObject({ discount: { code: first.code, kind: 'percent', value: 10 } });
      const second = await createCode({ onBanner: true, value: 15 });
      expect((await shop.stack.request('/api/discount-codes/banner')).body).toMatchObject({ discount: { code: second.code, value: 15 } });
      const list = (await asAdmin('GET', '/api/discount-codes')).body;
      expect(list.filter((c: { onBanner: boolean }) => c.onBanner).map((c: { code: string }) => c.code)).toEqual([second.code]);
      const { _id, used: _u, createdAt: _c, ...terms } = (await asAdmin('GET', `/api/discount-codes/${second._id}`)).body;
      delete terms.redemptions;
      expect((await asAdmin('PUT', `/api/discount-codes/${_id}`, { ...terms, active: false })).status).toBe(200);
      expect((await shop.stack.request('/api/discount-codes/banner')).body).toEqual({ discount: null });
    });
  });
});

function validCode(): Record<string, unknown> {
  return discountCodeForm({ code: 'VALID' });
}


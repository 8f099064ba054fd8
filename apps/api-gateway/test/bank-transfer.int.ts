import { bearer, customer, eventually, json, useExpiryJobs, useShop, visitor } from '@shop/server-testing';

const OWNER = 'owner@transfer.test';
const ACCOUNT = {
  bank: 'Republic Bank',
  accountName: 'Island Glow Hair & Beauty Ltd',
  accountNumber: '180-4455-667',
  accountType: 'Chequing',
  instructions: 'Branch: Park Street',
};

/**
 * Issue 29 over the real stack: a bank-transfer order holds its stock, its shopper is reminded, and at the end of
 * the hold it expires and the stock goes back; the owner marks another paid with a partial amount, which is flagged.
 * A pay-on-delivery order paid by Linx is recorded paid when delivered. Time passing is the delayed job promoted in
 * Redis (useExpiryJobs): no test waits for a clock.
 */
describe('bank transfer and pay on delivery (issue 29)', () => {
  const shop = useShop(
    {
      services: ['catalog-service', 'order-service', 'payment-service', 'notification-service'],
      env: { SEED_DEMO_DATA: 'false', SHOP_OWNER_EMAIL: OWNER, BANK_TRANSFER_REMINDER_SECONDS: '3600' },
    },
    { admin: true, timeoutMs: 120_000 },
  );
  const { endHold, remindTransfer } = useExpiryJobs(shop);

  const place = (path: '' | '/inperson', items: Array<{ product: string; qty: number }>, extra: Record<string, unknown> = {}) => {
    const me = visitor();
    return shop.stack.request(`/api/orders${path}`, {
      method: 'POST',
      ...json({ ...customer(me), email: `${me}@shopper.test`, orderItems: items, ...extra }, { 'x-visitor-id': me }),
    });
  };
  const adminOrder = async (id: string) => (await shop.stack.request(`/api/orders/${id}`, { headers: bearer(shop.admin) })).body;
  const mailKinds = async (orderId: string) =>
    (await shop.db.query('SELECT kind FROM notifications.mails WHERE order_id = $1 ORDER BY kind', [orderId])).rows.map((r: { kind: string }) => r.kind);
  const settingsId = async () => (await shop.stack.request('/api/controls')).body[0]._id as string;
  const patchSettings = async (sections: Record<string, unknown>) =>
    shop.stack.request(`/api/controls/${await settingsId()}`, { method: 'PATCH', ...json(sections, bearer(shop.admin)) });

  it('refuses a bank-transfer order while the shop has it off, and bank transfer turned on without an account', async () => {
    const p = await shop.db.product(5);
    const before = await shop.db.orderCount();
    const off = await place('', [{ product: p.id, qty: 1 }], { paymentMethod: 'bank_transfer' });
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ message: 'Bank transfer is not available right now. Please choose another way to pay.' });
    expect(await shop.db.orderCount()).toBe(before);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(5);

    const empty = await patchSettings({ bankTransferSettings: { enabled: true, holdHours: 72, accounts: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Add at least one bank account to turn bank transfer on');
    const badNumber = await patchSettings({ bankTransferSettings: { enabled: true, holdHours: 72, accounts: [{ ...ACCOUNT, accountNumber: 'abc' }] } });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.message).toBe('Account number must be 4 to 30 digits (spaces and dashes allowed)');

    const on = await patchSettings({ bankTransferSettings: { enabled: true, holdHours: 72, accounts: [ACCOUNT] } });
    expect(on.status).toBe(200);
    expect(on.body.bankTransferSettings).toEqual({ enabled: true, holdHours: 72, accounts: [ACCOUNT] });
  });

  it('holds the stock, reminds the shopper once, then expires and gives the stock back', async () => {
    const p = await shop.db.product(5);
    const placed = await place('', [{ product: p.id, qty: 2 }], { paymentMethod: 'bank_transfer' });
    expect(placed.status).toBe(201);
    const order = placed.body;
    expect(order).toMatchObject({ paymentMethod: 'bank_transfer', state: 'awaiting_transfer', isPaid: false, isInPerson: false });
    expect(order.bankTransfer.accounts).toEqual([ACCOUNT]);
    expect(order.bankTransfer.whatsapp).toBe('(868)555-0123');
    // Held for the settings' 72 hours.
    const heldFor = Date.parse(order.bankTransfer.holdUntil) - Date.parse(order.createdAt);
    expect(Math.round(heldFor / 3_600_000)).toBe(72);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(3);
    expect(await eventually(() => mailKinds(order._id), (kinds) => kinds.includes('order_placed_transfer'))).toEqual(['order_placed_transfer']);
    // No card payment page for it.
    const pay = await shop.stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId: order._id }, bearer(shop.admin)) });
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe('This order is paid by bank transfer');

    await remindTransfer(order._id);
    const reminded = await eventually(() => adminOrder(order._id), (o) => o.timeline.some((t: { action: string }) => t.action === 'remind_transfer'));
    expect(reminded.state).toBe('awaiting_transfer');
    expect(await eventually(() => mailKinds(order._id), (kinds) => kinds.length === 2)).toEqual(['order_placed_transfer', 'transfer_reminder']);

    await endHold(order._id);
    const expired = await eventually(() => adminOrder(order._id), (o) => o.state === 'expired');
    expect(expired.timeline.map((t: { action: string }) => t.action)).toEqual(['place', 'remind_transfer', 'expire']);
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 5)).toMatchObject({ count_in_stock: 5 });
    expect(await eventually(() => mailKinds(order._id), (kinds) => kinds.length === 3)).toEqual(['order_placed_transfer', 'transfer_expired', 'transfer_reminder']);
    // Too late to mark it paid: its items went back on sale.
    const late = await shop.stack.request(`/api/orders/${order._id}/transfer-payment`, {
      method: 'POST',
      ...json({ amount: order.totalPrice, date: '2026-11-27', reference: 'FT123' }, bearer(shop.admin)),
    });
    expect(late.status).toBe(409);
  }, 60_000);

  it('the owner marks a transfer paid with amount, date and bank reference: a partial amount is flagged, the stock sold', async () => {
    const p = await shop.db.product(5);
    const order = (await place('', [{ product: p.id, qty: 1 }], { paymentMethod: 'bank_transfer' })).body;
    expect(order.state).toBe('awaiting_transfer');
    const body = { amount: order.totalPrice - 10, date: '2026-11-27', reference: 'RBL-778812', note: 'Seen in online banking' };
    const url = `/api/orders/${order._id}/transfer-payment`;
    expect((await shop.stack.request(url, { method: 'POST', ...json(body) })).status).toBe(401);
    const bad = await shop.stack.request(url, { method: 'POST', ...json({ ...body, reference: '' }, bearer(shop.admin)) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The bank reference is required');

    const paid = await shop.stack.request(url, { method: 'POST', ...json(body, bearer(shop.admin)) });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ state: 'paid', isPaid: true, transferPayment: { amount: order.totalPrice - 10, date: '2026-11-27', reference: 'RBL-778812', difference: -10 } });
    expect(paid.body.flags).toEqual(['Partial transfer: TT$10.00 short of the total']);
    const record = paid.body.timeline.at(-1);
    expect(record).toMatchObject({ action: 'record_transfer', from: 'awaiting_transfer', to: 'paid', actor: 'owner' });
    expect(record.note).toBe(`TT$${(order.totalPrice - 10).toFixed(2)} received by bank transfer on 2026-11-27. Partial transfer: TT$10.00 short of the total. Seen in online banking`);
    // Recorded once; the sale is committed; the shopper hears the money arrived.
    expect((await shop.stack.request(url, { method: 'POST', ...json(body, bearer(shop.admin)) })).status).toBe(409);
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.purchases === 1)).toMatchObject({ count_in_stock: 4, purchases: 1 });
    expect(await eventually(() => mailKinds(order._id), (kinds) => kinds.includes('payment_received'))).toContain('payment_received');
    // The reminder job finds the order paid and does nothing.
    await remindTransfer(order._id);
    await endHold(order._id);
    const after = await eventually(() => shop.stack.request(`/api/orders/${order._id}`, { headers: bearer(shop.admin) }), (r) => r.status === 200);
    expect(after.body.state).toBe('paid');
    // The shopper's own view shows the record too; a stranger's does not.
    const own = await shop.stack.request(`/api/orders/${order._id}`, { headers: { 'x-visitor-id': order.customer.id } });
    expect(own.body.transferPayment).toMatchObject({ reference: 'RBL-778812', difference: -10 });
    const stranger = await shop.stack.request(`/api/orders/${order._id}`, { headers: { 'x-visitor-id': visitor() } });
    expect(stranger.body.transferPayment).toBeNull();
  }, 60_000);

  it('a pay-on-delivery order paid by Linx is recorded paid, by Linx, when the owner delivers it', async () => {
    const p = await shop.db.product(5);
    const refused = await place('/inperson', [{ product: p.id, qty: 1 }], { payOnDelivery: 'cheque' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please choose cash or Linx to pay on delivery');
    const placed = await place('/inperson', [{ product: p.id, qty: 1 }], { payOnDelivery: 'linx' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ paymentMethod: 'in_person', payOnDelivery: 'linx', state: 'in_person', isPaid: false });
    // A client from before issue 29 sends no choice: cash.
    expect((await place('/inperson', [{ product: p.id, qty: 1 }])).body.payOnDelivery).toBe('cash');

    const delivered = await shop.stack.request(`/api/orders/${placed.body._id}`, { method: 'PUT', ...json({ deliveryStatus: 'Delivered' }, bearer(shop.admin)) });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ state: 'delivered', isPaid: true, payOnDelivery: 'linx' });
    const entry = (await adminOrder(placed.body._id)).timeline.at(-1);
    expect(entry).toMatchObject({ action: 'deliver', to: 'delivered', actor: 'owner', note: `Paid on delivery by Linx: TT$${placed.body.totalPrice.toFixed(2)}` });
  }, 60_000);
});

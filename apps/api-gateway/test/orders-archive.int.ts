import type { Order, OrderPage, OrderStats } from '@shop/contracts';
import { bearer, eventually, json, sandboxPay, sendPaymentResult, useShop, visitor } from '@shop/server-testing';

/**
 * Issue 26, the owner's order screens over the real stack: archive in place of delete (an archived order leaves the
 * lists and stays in the reports), delete only for an unpaid order that holds no stock, moves the lifecycle refuses,
 * the table's server-side sort, and the card payment's transaction id for the owner.
 */
describe('orders: archive, delete, refused moves, sort', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0' } }, { admin: true, timeoutMs: 120_000 });

  const asAdmin = (method: string, path: string, body?: unknown) => shop.stack.request(path, { method, ...(body === undefined ? { headers: bearer(shop.admin) } : json(body, bearer(shop.admin))) });
  const get = async (id: string): Promise<Order> => {
    const res = await asAdmin('GET', `/api/orders/${id}`);
    expect(res.status).toBe(200);
    return res.body as Order;
  };
  const listed = async (query: string): Promise<string[]> => {
    const res = await asAdmin('GET', `/api/orders?${query}`);
    expect(res.status).toBe(200);
    return (res.body as OrderPage).orders.map((o) => o._id);
  };
  const stats = async (): Promise<OrderStats> => (await asAdmin('GET', '/api/orders/stats')).body as OrderStats;
  const setStatus = (id: string, deliveryStatus: string) => asAdmin('PUT', `/api/orders/${id}`, { deliveryStatus });

  async function inPersonOrder(productId: string, qty: number, fname = 'Asha'): Promise<Order> {
    const me = visitor();
    const res = await shop.stack.client.placeOrder(me, [{ product: productId, qty }], { inPerson: true, extra: { fname } });
    expect(res.status).toBe(201);
    return res.body as Order;
  }

  async function paidCardOrder(productId: string, qty: number): Promise<{ order: Order; transactionId: string }> {
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: productId, qty }])).body as Order;
    const { params } = await sandboxPay(shop.stack, order._id);
    expect((await sendPaymentResult(shop.stack, order._id, params)).status).toBe(200);
    return { order, transactionId: params.transaction_id };
  }

  it('an archived order leaves the lists and stays in the reports; restored, it is listed again', async () => {
    const p = await shop.db.product(10, 4000);
    const order = await inPersonOrder(p.id, 3, 'Archie');
    // Not finished: archiving would hide work the owner still has to do.
    const early = await asAdmin('POST', `/api/orders/${order._id}/archive`);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: 'Only a finished order can be archived: delivered, cancelled, refunded, or never paid' });

    expect((await setStatus(order._id, 'Delivered')).status).toBe(200);
    await eventually(() => shop.db.stock(p.id), (s) => s.purchases === 3);
    const search = `tab=all&q=Archie`;
    expect(await listed(search)).toEqual([order._id]);
    expect(await listed(`tab=delivered&q=Archie`)).toEqual([order._id]);
    const before = await stats();
    expect(before.bestSellers.find((b) => b.product === p.id)).toMatchObject({ qty: 3, revenue: 120 });

    const archived = await asAdmin('POST', `/api/orders/${order._id}/archive`);
    expect(archived.status).toBe(200);
    expect((archived.body as Order).archivedAt).toEqual(expect.any(String));
    expect((await get(order._id)).archivedAt).toEqual(expect.any(String));
    // Gone from every list (every tab, and the search), found under the archive.
    expect(await listed(search)).toEqual([]);
    expect(await listed(`tab=delivered&q=Archie`)).toEqual([]);
    expect(await listed(`tab=all&q=Archie&status=archived`)).toEqual([order._id]);
    // The reports count it as before: revenue per day, best sellers, orders per state.
    expect(await stats()).toEqual(before);
    // Archiving twice changes nothing.
    expect((await asAdmin('POST', `/api/orders/${order._id}/archive`)).status).toBe(200);

    const restored = await asAdmin('POST', `/api/orders/${order._id}/restore`);
    expect(restored.status).toBe(200);
    expect((restored.body as Order).archivedAt).toBeNull();
    expect(await listed(search)).toEqual([order._id]);
    expect(await listed(`tab=all&q=Archie&status=archived`)).toEqual([]);
    expect((await asAdmin('POST', `/api/orders/00000000-0000-4000-8000-000000000000/archive`)).status).toBe(404);
    expect((await shop.stack.request(`/api/orders/${order._id}/archive`, { method: 'POST' })).status).toBe(401);
  });

  it('refuses to delete a paid order or one that holds stock; deletes an unpaid cancelled one', async () => {
    const p = await shop.db.product(10);
    const { order: paid } = await paidCardOrder(p.id, 1);
    expect((await get(paid._id)).deletable).toBe(false);
    const refused = await asAdmin('DELETE', `/api/orders/${paid._id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'Only an unpaid order that holds no stock can be deleted (payment failed, expired or cancelled). Archive it instead.' });
    expect((await get(paid._id)).state).toBe('paid');

    // An in-person order holds its stock: refused too, and the stock stays held.
    const held = await inPersonOrder(p.id, 2);
    expect((await asAdmin('DELETE', `/api/orders/${held._id}`)).status).toBe(409);
    expect((await shop.db.stock(p.id)).count_in_stock).toBe(7);

    // Cancelled (nothing paid, the stock going back), it may go for good.
    expect((await asAdmin('POST', `/api/orders/${held._id}/cancel`, {})).status).toBe(200);
    expect((await get(held._id)).deletable).toBe(true);
    expect((await asAdmin('DELETE', `/api/orders/${held._id}`)).status).toBe(200);
    expect((await asAdmin('GET', `/api/orders/${held._id}`)).status).toBe(404);
    expect(await eventually(() => shop.db.stock(p.id), (s) => s.count_in_stock === 9)).toEqual({ count_in_stock: 9, purchases: 1 });
  });

  it('refuses a move the lifecycle does not allow, with the reason, and changes nothing', async () => {
    const p = await shop.db.product(10);
    const cancelled = await inPersonOrder(p.id, 1);
    expect((await asAdmin('POST', `/api/orders/${cancelled._id}/cancel`, {})).status).toBe(200);
    expect((await get(cancelled._id)).actions).toEqual([]);
    for (const deliveryStatus of ['Out for Delivery', 'Delivered']) {
      const res = await setStatus(cancelled._id, deliveryStatus);
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { message: 'This order is cancelled' } });
    }
    // A card order waits for its payment before it goes out.
    const unpaid = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }])).body as Order;
    expect((await get(unpaid._id)).actions).not.toContain('send_out');
    const res = await setStatus(unpaid._id, 'Out for Delivery');
    expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { message: 'An unpaid card order cannot be sent out or delivered' } });
    expect((await get(unpaid._id)).state).toBe('awaiting_payment');
    expect((await get(cancelled._id)).state).toBe('cancelled');
  });

  it("sorts the list on the server by the table's columns, across pages", async () => {
    const p = await shop.db.product(50, 1000);
    const made: Order[] = [];
    for (const [fname, qty] of [['Sortie', 3], ['Sortie', 1], ['Sortie', 2]] as const) made.push(await inPersonOrder(p.id, qty, fname));
    const totals = async (query: string) =>
      ((await asAdmin('GET', `/api/orders?tab=all&q=Sortie&${query}`)).body as OrderPage).orders.map((o) => o.totalPrice);
    const delivery = made[0].deliveryCost;
    expect(await totals('sort=total&dir=asc')).toEqual([10, 20, 30].map((t) => t + delivery));
    expect(await totals('sort=total')).toEqual([30, 20, 10].map((t) => t + delivery));
    // Page by page, in the same order.
    const pageOf = async (page: number) => ((await asAdmin('GET', `/api/orders?tab=all&q=Sortie&sort=total&dir=asc&pageSize=2&page=${page}`)).body as OrderPage).orders.map((o) => o._id);
    expect([...(await pageOf(1)), ...(await pageOf(2))]).toEqual([made[1]._id, made[2]._id, made[0]._id]);
    // Number and date: newest first by default, oldest first when asked.
    expect(await listed('tab=all&q=Sortie&sort=number&dir=asc')).toEqual(made.map((o) => o._id));
    expect(await listed('tab=all&q=Sortie')).toEqual(made.map((o) => o._id).reverse());
    const bad = await asAdmin('GET', '/api/orders?sort=colour');
    expect({ status: bad.status, body: bad.body }).toEqual({ status: 400, body: { message: 'Sort must be one of date, number, customer, area, total' } });
    expect((await asAdmin('GET', '/api/orders?status=deleted')).status).toBe(400);
  });

  it("shows the owner the provider's transaction id of a card payment, and nobody else", async () => {
    const p = await shop.db.product(5);
    const { order, transactionId } = await paidCardOrder(p.id, 1);
    expect(transactionId).toEqual(expect.any(String));
    expect((await get(order._id)).transactionId).toBe(transactionId);
    const own = await shop.stack.request(`/api/orders/${order._id}`, { headers: { 'x-visitor-id': order.customer.id } });
    expect(own.body.transactionId).toBeUndefined();
    // In the list too (the owner's table).
    const page = (await asAdmin('GET', `/api/orders?tab=card&q=${encodeURIComponent(order.orderNumber)}`)).body as OrderPage;
    expect(page.orders.map((o) => o.transactionId)).toEqual([transactionId]);
  });
});

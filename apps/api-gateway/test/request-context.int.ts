import { customer, eventually, json, useShop, visitor } from '@shop/server-testing';

/** The request id given to (or by) the gateway reaches the services that handle the request's messages. */
describe('request context', () => {
  // Debug level: each service logs every handled message with its request id.
  const shop = useShop({ services: ['catalog-service', 'order-service'], env: { LOG_LEVEL: 'debug', SEED_DEMO_DATA: 'false', API_CACHE: 'false' } });

  const handledWith = (app: 'order-service' | 'catalog-service', requestId: string) =>
    shop.stack.running(app)[0].lines.filter((l) => l.msg === 'handled message' && l.requestId === requestId).map((l) => String(l.subject));

  it("carries a checkout's X-Request-Id, read after its body, to the order service's handling", async () => {
    const product = await shop.db.product(5);
    const me = visitor();
    const res = await shop.stack.request('/api/orders/inperson', {
      method: 'POST',
      ...json({ ...customer(me), orderItems: [{ product: product.id, qty: 1 }] }, { 'x-visitor-id': me, 'x-request-id': 'req-context-checkout-1' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('req-context-checkout-1');
    // Log lines travel through a pipe and may arrive just after the answer.
    const subjects = await eventually(
      async () => handledWith('order-service', 'req-context-checkout-1'),
      (s) => s.some((subject) => subject.endsWith('orders.create')),
    );
    expect(subjects.some((subject) => subject.endsWith('orders.create'))).toBe(true);
  });

  it('gives a request without an id one of its own, answers it, and sends it on', async () => {
    const res = await shop.stack.request('/api/orders/tracking/not-a-visitor');
    const given = res.headers.get('x-request-id');
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    const product = await shop.db.product(5);
    const me = visitor();
    const placed = await shop.stack.request('/api/orders/inperson', {
      method: 'POST',
      ...json({ ...customer(me), orderItems: [{ product: product.id, qty: 1 }] }, { 'x-visitor-id': me }),
    });
    expect(placed.status).toBe(201);
    const id = placed.headers.get('x-request-id')!;
    expect(id).not.toBe(given);
    const subjects = await eventually(
      async () => handledWith('order-service', id),
      (s) => s.length > 0,
    );
    expect(subjects.length).toBeGreaterThan(0);
  });

  it('keeps concurrent requests apart: each message carries the id of the request it serves', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `req-context-parallel-${i}`);
    const answers = await Promise.all(ids.map((id) => shop.stack.request('/api/discount-codes/banner', { headers: { 'x-request-id': id } })));
    for (const res of answers) expect(res.status).toBe(200);
    for (const id of ids) {
      const subjects = await eventually(
        async () => handledWith('order-service', id),
        (s) => s.length > 0,
      );
      expect(subjects.every((subject) => subject.endsWith('discounts.banner'))).toBe(true);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { type Answer, bearer, eventually, freePort, useShop, visitor } from '@shop/server-testing';

/**
 * The gateway's cache of public answers over the real stack: two gateway replicas, one catalog, the order
 * service. The cache's TTL is 10 minutes here, so an answer that changes within the test's deadlines can only
 * have been cleared by the catalog's change event.
 */
describe('cached public API', () => {
  const shop = useShop({
    services: ['catalog-service', 'order-service'],
    env: { LOG_LEVEL: 'info', API_CACHE_TTL_SECONDS: '600', ORDER_SWEEP_SECONDS: '3600' },
  }, { admin: true });
  let gatewayB: string;

  beforeAll(async () => {
    const port = await freePort();
    await shop.stack.startApp('api-gateway', { GATEWAY_PORT: String(port) });
    gatewayB = `http://127.0.0.1:${port}`;
  }, 90_000);

  const get = async (base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(base + path, { headers });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  const onA = (path: string, headers?: Record<string, string>) => get(shop.stack.gatewayUrl, path, headers);
  const onB = (path: string, headers?: Record<string, string>) => get(gatewayB, path, headers);
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    shop.stack.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** Asks until the replica answers from its cache, so that the test knows the old answer is held there. */
  const cachedOn = (read: (path: string) => Promise<Answer>, path: string) =>
    eventually(() => read(path), (a) => a.status === 200 && a.headers.get('x-cache') === 'HIT', { what: `${path} cached` });

  const newProduct = async (stock = 10) => {
    const p = await shop.db.product(stock);
    return p;
  };

  const PUBLIC = ['/api/products', '/api/products?page=1', '/api/products?q=mango', '/api/products/types', '/api/controls'];

  it('answers public GETs with an ETag and a public Cache-Control, and 304 on a matching If-None-Match', async () => {
    const { id } = await newProduct();
    for (const path of [...PUBLIC, `/api/products/${id}`]) {
      const first = await onA(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=30');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');

      const again = await cachedOn(onA, path);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.body).toEqual(first.body);
      // A hit (answered before routing, cached-answer.middleware.ts) carries the same headers as the first answer.
      for (const name of ['cache-control', 'content-type', 'vary']) expect(again.headers.get(name)).toBe(first.headers.get(name));
      expect(again.headers.get('x-request-id')).toBeTruthy();

      const notModified = await fetch(shop.stack.gatewayUrl + path, { headers: { 'if-none-match': etag! } });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe('');
      expect(notModified.headers.get('etag')).toBe(etag);

      // A browser revalidating sends the tag it holds, sometimes in a list or as weak.
      expect((await fetch(shop.stack.gatewayUrl + path, { headers: { 'if-none-match': `"x", W/${etag}` } })).status).toBe(304);
      const other = await onA(path, { 'if-none-match': '"something-else"' });
      expect(other.status).toBe(200);
      expect(other.body).toEqual(first.body);
    }
  });

  it('never caches personal answers, errors or other routes', async () => {
    const { id } = await newProduct();
    // A visitor's product page marks their own reviews: private, and the public one varies on the header.
    const mine = await onA(`/api/products/${id}`, { 'x-visitor-id': visitor() });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('x-cache')).toBe('BYPASS');
    expect(mine.headers.get('vary')?.toLowerCase()).toContain('x-visitor-id');
    expect((await onA(`/api/products/${id}`)).headers.get('vary')?.toLowerCase()).toContain('x-visitor-id');

    // Errors carry no public caching.
    for (const path of [`/api/products/${randomUUID()}`, '/api/products?page=abc']) {
      const res = await onA(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('cache-control') ?? '').not.toContain('public');
      expect(res.headers.get('x-cache')).toBeNull();
    }

    // Routes other than the public catalog reads have no Cache-Control of their own.
    const restock = await onA('/api/products/restock', bearer(shop.admin));
    expect(restock.status).toBe(200);
    expect(restock.headers.get('cache-control')).toBeNull();
    const health = await onA('/api/health');
    expect(health.headers.get('cache-control')).toBe('no-store');
  });

  it("never caches the admin's answers, by token or by session cookie", async () => {
    const login = await fetch(`${shop.stack.gatewayUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: shop.stack.env.ADMIN_USERNAME ?? 'admin', password: shop.stack.env.ADMIN_PASSWORD ?? 'change-me-admin', session: 'cookie' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('shop_session=');

    const { id } = await newProduct();
    const path = `/api/products/${id}`;
    for (const headers of [bearer(shop.admin), { cookie }]) {
      for (let i = 0; i < 2; i++) {
        const res = await onA(path, headers);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('x-cache')).toBe('BYPASS');
      }
      const list = await onA('/api/products?page=1', headers);
      expect(list.headers.get('cache-control')).toBe('private, no-store');
    }
    // Nothing the admin was answered was kept: the first public read of that product asks the catalog.
    expect((await onA(path)).headers.get('x-cache')).toBe('MISS');
    // Once the public answer is held, the admin and a visitor still get their own.
    await cachedOn(onA, path);
    for (const headers of [bearer(shop.admin), { cookie }, { 'x-visitor-id': visitor() }]) {
      const res = await onA(path, headers);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-cache')).toBe('BYPASS');
    }
  });

  it('both replicas serve an admin product update at once', async () => {
    const { id } = await newProduct();
    const page = `/api/products?q=${encodeURIComponent('test balm')}&pageSize=100`;
    const paths = [`/api/products/${id}`, page, '/api/products'];
    for (const path of paths) {
      await cachedOn(onA, path);
      await cachedOn(onB, path);
    }
    const before = (await onB(`/api/products/${id}`)).body;
    const { _id: _ignored, reviews: _reviews, rating: _r, numReviews: _n, purchases: _p, createdAt: _c, ...input } = before;
    const updated = await send('PUT', `/api/products/${id}`, { ...input, price: 99.5, name: `${before.name} XL` }, bearer(shop.admin));
    expect(updated.status).toBe(200);

    for (const read of [onA, onB]) {
      await eventually(() => read(`/api/products/${id}`), (a) => a.body?.price === 99.5 && a.body?.name === `${before.name} XL`, { what: 'updated product' });
      await eventually(() => read(page), (a) => a.body?.products?.some((p: { _id: string; price: number }) => p._id === id && p.price === 99.5), { what: 'updated search' });
      await eventually(() => read('/api/products'), (a) => a.body?.some((p: { _id: string; price: number }) => p._id === id && p.price === 99.5), { what: 'updated list' });
    }
  });

  it('both replicas serve a settings change at once', async () => {
    const [current] = (await onA('/api/controls')).body;
    await cachedOn(onA, '/api/controls');
    await cachedOn(onB, '/api/controls');
    const { _id: settingsId, ...rest } = current;
    const deliveryCost = current.paymentSettings.deliveryCost === 41.25 ? 42.75 : 41.25;
    const res = await send('PUT', `/api/controls/${settingsId}`, { ...rest, paymentSettings: { ...current.paymentSettings, deliveryCost } }, bearer(shop.admin));
    expect(res.status).toBe(200);
    for (const read of [onA, onB]) {
      await eventually(() => read('/api/controls'), (a) => a.body?.[0]?.paymentSettings?.deliveryCost === deliveryCost, { what: 'new delivery cost' });
    }
  });

  it('both replicas serve the stock an order took at once', async () => {
    const { id } = await newProduct(10);
    const path = `/api/products/${id}`;
    await cachedOn(onA, path);
    await cachedOn(onB, path);
    expect((await onB(path)).body.countInStock).toBe(10);

    const shopper = visitor();
    const order = await shop.stack.client.placeOrder(shopper, [{ product: id, qty: 3 }], { inPerson: true });
    expect(order.status).toBe(201);
    expect((await shop.db.stock(id)).count_in_stock).toBe(7);
    for (const read of [onA, onB]) {
      await eventually(() => read(path), (a) => a.body?.countInStock === 7, { what: 'stock after the order' });
    }
  });

  it('both replicas serve a new review at once', async () => {
    const { id } = await newProduct();
    const path = `/api/products/${id}`;
    await cachedOn(onA, path);
    await cachedOn(onB, path);
    const res = await send('PUT', `/api/products/review/${id}`, { name: 'Keisha', rating: 4, comment: 'Lovely' }, { 'x-visitor-id': visitor() });
    expect(res.status).toBe(200);
    for (const read of [onA, onB]) {
      await eventually(() => read(path), (a) => a.body?.numReviews === 1 && a.body?.reviews?.[0]?.name === 'Keisha', { what: 'the review' });
    }
  });
});

import { bearer, freePort, json, useShop, visitor } from '@shop/server-testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
type Answer = { status: number; body: any; headers: Headers };

// Long enough that a loaded machine counts a burst within one window; the reset test waits for it once.
const WINDOW_SECONDS = 20;
const LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  REVIEW_RATE_LIMIT: '6',
  REVIEW_VISITOR_RATE_LIMIT: '3',
  QUOTE_RATE_LIMIT: '8',
  QUOTE_VISITOR_RATE_LIMIT: '5',
  DISCOUNT_CODE_RATE_LIMIT: '3',
  CONTACT_VISITOR_RATE_LIMIT: '2',
  ORDER_VISITOR_RATE_LIMIT: '2',
};

/**
 * Issue 23, items 3 to 5, over the real stack: the public cache cannot be poisoned, and the write routes that need no
 * login are limited per client address and per visitor, in Redis (so across gateway replicas). Each client here has
 * an address of its own (X-Forwarded-For from loopback is trusted, as from the shop's own proxy).
 */
describe('the shop is safe from its own public', () => {
  const shop = useShop({ env: { LOG_LEVEL: 'info', API_CACHE_TTL_SECONDS: '600', NATS_TIMEOUT_MS: '15000', ...LIMITS } }, { admin: true });
  let gatewayB: string;
  let nextAddress = 10;

  beforeAll(async () => {
    const port = await freePort();
    await shop.stack.startApp('api-gateway', { GATEWAY_PORT: String(port) });
    gatewayB = `http://127.0.0.1:${port}`;
  }, 90_000);

  /** A client address of its own for each test, so the limits of one test never spend another's. */
  const newClient = () => ({ 'x-forwarded-for': `203.0.113.${nextAddress++}` });

  async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const init = body === undefined ? { method, headers } : { method, ...json(body, headers) };
    const res = await fetch(base + path, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }
  const get = (path: string, headers: Record<string, string> = {}) => call(shop.stack.gatewayUrl, 'GET', path, undefined, headers);

  /** Expects a 429 with the limit's message and a Retry-After within the window. */
  function expectLimited(answer: Answer, message: string): number {
    expect(answer).toMatchObject({ status: 429, body: { message } });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    return retryAfter;
  }

  describe('cache poisoning (item 3)', () => {
    const SEARCH = '/api/products?q=balm&page=1&pageSize=8';
    const OTHERS = ['/api/products', '/api/products?page=1&pageSize=8', '/api/products?q=balm', '/api/products/types'];

    it('refuses the 1,000-pair request, and no URL answers differently afterwards', async () => {
      const before = new Map<string, unknown>();
      for (const url of [SEARCH, ...OTHERS]) before.set(url, (await get(url)).body);
      expect(before.get(SEARCH)).toMatchObject({ page: 1, total: expect.any(Number), products: expect.any(Array) });

      const flood = await get(`/api/products?${'a&'.repeat(1000)}q=balm&page=1&pageSize=8`);
      expect(flood).toMatchObject({ status: 400, body: { message: 'Too many query parameters (at most 100)' } });
      const mixed = await get(`/api/products?${'a=1&'.repeat(1000)}${SEARCH.split('?')[1]}`);
      expect(mixed.status).toBe(400);

      for (const url of [SEARCH, ...OTHERS]) {
        const after = await get(url);
        expect([url, after.status, after.body]).toEqual([url, 200, before.get(url)]);
      }
      // And what the cache holds for the search is what the handler answers (an owner's request bypasses the cache).
      expect((await get(SEARCH, bearer(shop.admin))).body).toEqual((await get(SEARCH)).body);
    });

    it('refuses a parameter given twice, and takes up to 100 parameters', async () => {
      expect(await get('/api/products?q=balm&q=oil')).toMatchObject({ status: 400, body: { message: 'Query parameter q may be given only once' } });
      expect(await get('/api/products?page=1&page=2&pageSize=8')).toMatchObject({ status: 400 });
      const padded = await get(`/api/products?${Array.from({ length: 97 }, (_, i) => `utm${i}=x`).join('&')}&q=balm&page=1&pageSize=8`);
      expect(padded.status).toBe(200);
      expect(padded.body).toEqual((await get(SEARCH)).body);
    });
  });

  describe('reviews (item 4)', () => {
    let productId: string;
    let otherId: string;
    beforeAll(async () => {
      productId = (await shop.db.product(10)).id;
      otherId = (await shop.db.product(10)).id;
    });
    const review = (base: string, who: string, client: Record<string, string>, rating = 5) =>
      call(base, 'PUT', `/api/products/review/${productId}`, { name: 'Fan', rating, comment: 'Best ever' }, { 'x-visitor-id': who, ...client });

    async function reviewRows(): Promise<number> {
      const { rows } = await shop.db.query('SELECT count(*)::int AS n FROM catalog.reviews WHERE product_id = $1', [productId]);
      return rows[0].n;
    }

    it('limits a visitor and an address (across both gateways) with 429 and Retry-After, writes nothing refused, and the limit resets', async () => {
      const client = newClient();
      const flooder = visitor();
      for (let i = 0; i < 3; i++) expect((await review(i % 2 ? gatewayB : shop.stack.gatewayUrl, flooder, client)).status).toBe(200);
      expectLimited(await review(gatewayB, flooder, client, 1), 'Too many reviews from this connection, please try again later');
      // Made-up visitor ids from the same address: the address limit (6) holds, whichever gateway answers.
      const fresh = [visitor(), visitor(), visitor()];
      expect((await review(shop.stack.gatewayUrl, fresh[0], client)).status).toBe(200);
      expect((await review(gatewayB, fresh[1], client)).status).toBe(200);
      const retryAfter = expectLimited(await review(shop.stack.gatewayUrl, fresh[2], client, 1), 'Too many reviews from this connection, please try again later');
      // One review per visitor per product: the flooder's three writes are one review; the refused ones wrote nothing.
      expect(await reviewRows()).toBe(3);
      const product = (await get(`/api/products/${productId}`)).body;
      expect(product).toMatchObject({ numReviews: 3, rating: 5 });

      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 200));
      expect((await review(gatewayB, fresh[2], client, 4)).status).toBe(200);
      expect(await reviewRows()).toBe(4);
    }, 60_000);

    it("marks a review 'verified buyer' when its visitor had the product delivered, and no other", async () => {
      const client = newClient();
      const p = (await shop.db.product(10)).id;
      const buyer = visitor();
      const order = (await shop.stack.client.placeOrder(buyer, [{ product: p, qty: 1 }], { inPerson: true })).body;
      const write = (who: string) => call(shop.stack.gatewayUrl, 'PUT', `/api/products/review/${p}`, { name: 'Kim', rating: 4, comment: 'Works' }, { 'x-visitor-id': who, ...client });
      // Placed but not yet delivered: not verified.
      expect((await write(buyer)).body.reviews[0]).toMatchObject({ mine: true, verifiedBuyer: false });
      for (const deliveryStatus of ['Out for Delivery', 'Delivered']) {
        expect((await call(shop.stack.gatewayUrl, 'PUT', `/api/orders/${order._id}`, { deliveryStatus }, bearer(shop.admin))).status).toBe(200);
      }
      const verified = await write(buyer);
      expect(verified.body.reviews).toEqual([expect.objectContaining({ name: 'Kim', mine: true, verifiedBuyer: true })]);
      const other = await write(visitor());
      expect(other.body.reviews.map((r: { verifiedBuyer: boolean }) => r.verifiedBuyer).sort()).toEqual([false, true]);
      // Everyone sees the mark, and still not who wrote it.
      const page = (await get(`/api/products/${p}`)).body;
      expect(page.reviews.filter((r: { verifiedBuyer: boolean }) => r.verifiedBuyer)).toHaveLength(1);
      expect(JSON.stringify(page)).not.toContain(buyer);
    });

    it("clears only the reviewed product's answers from the cache", async () => {
      const client = newClient();
      for (let i = 0; i < 2; i++) {
        await get(`/api/products/${otherId}`);
        await get(`/api/products/${productId}`);
      }
      expect((await get(`/api/products/${otherId}`)).headers.get('x-cache')).toBe('HIT');
      expect((await get(`/api/products/${productId}`)).headers.get('x-cache')).toBe('HIT');
      const written = await review(shop.stack.gatewayUrl, visitor(), client, 3);
      expect(written.status).toBe(200);
      // The change event reached the gateway before the writer got its answer.
      const reviewed = await get(`/api/products/${productId}`);
      expect(reviewed.headers.get('x-cache')).toBe('MISS');
      expect(reviewed.body.numReviews).toBe(written.body.numReviews);
      expect((await get(`/api/products/${otherId}`)).headers.get('x-cache')).toBe('HIT');
    });
  });

  describe('quotes (item 5)', () => {
    it('refuses quantities below 1 with 400 and prices nothing', async () => {
      const p = await shop.db.product(10, 1000);
      const client = newClient();
      for (const qty of [-5, 0]) {
        const res = await call(shop.stack.gatewayUrl, 'POST', '/api/orders/quote', { orderItems: [{ product: p.id, qty }] }, client);
        expect(res).toMatchObject({ status: 400, body: { message: 'Quantity must be at least 1' } });
      }
      const fine = await call(shop.stack.gatewayUrl, 'POST', '/api/orders/quote', { orderItems: [{ product: p.id, qty: 5 }] }, client);
      expect(fine.body.lines[0]).toMatchObject({ qty: 5, lineTotal: 50 });
    });

    it('limits discount codes tried, then quotes, per address and per visitor', async () => {
      const p = await shop.db.product(10, 1000);
      const client = newClient();
      const quote = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
        call(shop.stack.gatewayUrl, 'POST', '/api/orders/quote', { orderItems: [{ product: p.id, qty: 1 }], ...body }, { ...client, ...headers });
      for (let i = 0; i < 3; i++) expect((await quote({ discountCode: `GUESS${i}` })).body.discountProblem).toEqual(expect.any(String));
      expectLimited(await quote({ discountCode: 'GUESS3' }), 'Too many discount codes tried, please try again later');
      // Quotes without a code still go (4 counted so far, of 8).
      const shopper = visitor();
      for (let i = 0; i < 4; i++) expect((await quote({}, { 'x-visitor-id': shopper })).status).toBe(200);
      expectLimited(await quote({}), 'Too many price checks from this connection, please try again later');
      // The visitor's own limit (5) holds from another address too.
      expect((await quote({}, { 'x-visitor-id': shopper, ...newClient() })).status).toBe(200);
      expectLimited(await quote({}, { 'x-visitor-id': shopper, ...newClient() }), 'Too many price checks from this connection, please try again later');
    });
  });

  describe('contact messages and orders', () => {
    it('limits contact messages per visitor, from any address', async () => {
      const who = visitor();
      const message = { firstName: 'Asha', lastName: 'Ali', email: 'asha@example.com', tel: '868 555 1234', message: 'Hello' };
      for (let i = 0; i < 2; i++) expect((await call(shop.stack.gatewayUrl, 'POST', '/api/mail/', message, { 'x-visitor-id': who, ...newClient() })).status).toBe(202);
      expectLimited(await call(gatewayB, 'POST', '/api/mail/', message, { 'x-visitor-id': who, ...newClient() }), 'Too many messages sent, please try again later');
    });

    it('limits orders per visitor, and a refused order reserves nothing', async () => {
      const p = await shop.db.product(10);
      const who = visitor();
      for (let i = 0; i < 2; i++) expect((await shop.stack.client.placeOrder(who, [{ product: p.id, qty: 1 }])).status).toBe(201);
      const before = await shop.db.orderCount();
      const refused = await shop.stack.client.placeOrder(who, [{ product: p.id, qty: 1 }]);
      expectLimited(refused, 'Too many orders from this connection, please try again later');
      expect(await shop.db.orderCount()).toBe(before);
      expect((await shop.db.stock(p.id)).count_in_stock).toBe(8);
    });
  });
});

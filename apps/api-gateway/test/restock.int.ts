import type { ProductSummary, RestockResponse, StockMovement } from '@shop/contracts';
import { bearer, useShop } from '@shop/server-testing';

import { nonAdminToken } from './support/auth';

/**
 * The owner's restock (issue 26): "+N" on a product through the gateway, over the real stack. The stock and its
 * record (who, how many, why, when) change together or not at all, and the public answers show the new stock.
 */
describe('restock API (POST /api/products/{id}/restock)', () => {
  const shop = useShop({ services: ['catalog-service'], env: { API_CACHE_TTL_SECONDS: '600' } }, { admin: true, timeoutMs: 60_000 });
  let product: ProductSummary;

  beforeAll(async () => {
    // A long public cache, so that only the catalog's change message can make the product's answer fresh.
    product = ((await shop.stack.request('/api/products')).body as ProductSummary[])[0];
  }, 60_000);

  const restock = (id: string, body: unknown, headers: Record<string, string> = bearer(shop.admin)) =>
    shop.stack.request(`/api/products/${id}/restock`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const stockOf = async (id: string) => Number((await shop.db.query('SELECT count_in_stock FROM catalog.products WHERE id = $1', [id])).rows[0].count_in_stock);
  const movementsOf = async (id: string) => Number((await shop.db.query('SELECT count(*)::int AS n FROM catalog.stock_movements WHERE product_id = $1', [id])).rows[0].n);

  it('answers only an admin: 401 without a token, 403 for a token that is not an admin', async () => {
    const before = await stockOf(product._id);
    const none = await restock(product._id, { qty: 10 }, {});
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Not authorized, no token' });
    const clerk = await restock(product._id, { qty: 10 }, bearer(await nonAdminToken(shop.stack)));
    expect(clerk.status).toBe(403);
    const history = await shop.stack.request(`/api/products/${product._id}/stock-movements`);
    expect(history.status).toBe(401);
    expect(await stockOf(product._id)).toBe(before);
    expect(await movementsOf(product._id)).toBe(0);
  });

  it.each([
    ['no quantity', {}, 'Quantity is required'],
    ['an empty quantity', { qty: '' }, 'Quantity is required'],
    ['zero', { qty: 0 }, 'Quantity must be at least 1'],
    ['a negative number', { qty: -5 }, 'Quantity must be at least 1'],
    ['a fraction', { qty: 1.5 }, 'Quantity must be a whole number'],
    ['words', { qty: 'ten' }, 'Quantity must be a whole number'],
    ['too many', { qty: 100_001 }, 'Quantity must be at most 100,000'],
    ['a reason of two lines', { qty: 2, reason: 'one\ntwo' }, 'Reason must be a single line of text'],
    ['a long reason', { qty: 2, reason: 'x'.repeat(201) }, 'Reason must be at most 200 characters'],
    ['not an object', [10], 'Send the quantity to add, for example { "qty": 10 }'],
  ])('refuses %s with a 400 and a clear message, changing nothing', async (_name, body, message) => {
    const before = await stockOf(product._id);
    const res = await restock(product._id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await stockOf(product._id)).toBe(before);
    expect(await movementsOf(product._id)).toBe(0);
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      const res = await restock(id, { qty: 3 });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Product not found' });
    }
  });

  it('adds the stock, records who, how many, why and when, and the shop shows the new stock at once', async () => {
    // The public answer is in the gateway's cache first.
    await shop.stack.request(`/api/products/${product._id}`);
    const cached = await shop.stack.request(`/api/products/${product._id}`);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    const before = cached.body.countInStock as number;

    const res = await restock(product._id, { qty: '10', reason: '  Delivery from Port of Spain supplier  ' });
    expect(res.status).toBe(200);
    const answer = res.body as RestockResponse;
    expect(answer.product).toEqual({ _id: product._id, name: product.name, countInStock: before + 10 });
    expect(answer.movement).toMatchObject({
      product: product._id,
      kind: 'restock',
      change: 10,
      countAfter: before + 10,
      reason: 'Delivery from Port of Spain supplier',
      actor: shop.stack.env.ADMIN_USERNAME ?? 'admin',
    });
    expect(Math.abs(Date.now() - Date.parse(answer.movement.createdAt))).toBeLessThan(60_000);
    expect(await stockOf(product._id)).toBe(before + 10);

    // The catalog's change cleared the cached answer: the shop shows the new stock.
    const fresh = await shop.stack.request(`/api/products/${product._id}`);
    expect(fresh.body.countInStock).toBe(before + 10);

    // The history, newest first; a restock without a reason records none.
    await restock(product._id, { qty: 2 });
    const history = await shop.stack.request(`/api/products/${product._id}/stock-movements`, { headers: bearer(shop.admin) });
    expect(history.status).toBe(200);
    expect((history.body as StockMovement[]).map((m) => [m.change, m.countAfter, m.reason])).toEqual([
      [2, before + 12, null],
      [10, before + 10, 'Delivery from Port of Spain supplier'],
    ]);
  });

  it('is atomic: restocks at the same time all count, each recorded with the stock it left', async () => {
    const before = await stockOf(product._id);
    const recorded = await movementsOf(product._id);
    const answers = await Promise.all(Array.from({ length: 12 }, () => restock(product._id, { qty: 1, reason: 'counted at the same time' })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await stockOf(product._id)).toBe(before + 12);
    expect(await movementsOf(product._id)).toBe(recorded + 12);
    const after = answers.map((a) => (a.body as RestockResponse).movement.countAfter).sort((a, b) => a - b);
    expect(after).toEqual(Array.from({ length: 12 }, (_, i) => before + i + 1));
  });

  it('refuses to pass the most the shop may hold, changing nothing', async () => {
    const [other] = ((await shop.stack.request('/api/products')).body as ProductSummary[]).slice(1);
    await shop.db.query('UPDATE catalog.products SET count_in_stock = 999990 WHERE id = $1', [other._id]);
    const res = await restock(other._id, { qty: 11 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: `${other.name} has 999,990 in stock; at most 10 more can be added` });
    expect(await stockOf(other._id)).toBe(999_990);
    expect(await movementsOf(other._id)).toBe(0);
    expect((await restock(other._id, { qty: 10 })).status).toBe(200);
  });

  it('the restock list can include the products running low, fewest first', async () => {
    const [low, out] = ((await shop.stack.request('/api/products')).body as ProductSummary[]).slice(2, 4);
    await shop.db.query('UPDATE catalog.products SET count_in_stock = CASE WHEN id = $1 THEN 2 ELSE 0 END WHERE id IN ($1, $2)', [low._id, out._id]);
    const onlyOut = await shop.stack.request('/api/products/restock', { headers: bearer(shop.admin) });
    expect((onlyOut.body as ProductSummary[]).map((p) => p._id)).toContain(out._id);
    expect((onlyOut.body as ProductSummary[]).map((p) => p._id)).not.toContain(low._id);

    const withLow = await shop.stack.request('/api/products/restock?include=low-stock', { headers: bearer(shop.admin) });
    expect(withLow.status).toBe(200);
    const list = withLow.body as ProductSummary[];
    expect(list.map((p) => p._id)).toEqual(expect.arrayContaining([out._id, low._id]));
    // The default threshold is 3: nothing above it, and the fewest first.
    expect(list.every((p) => p.countInStock <= 3)).toBe(true);
    expect(list.map((p) => p.countInStock)).toEqual([...list.map((p) => p.countInStock)].sort((a, b) => a - b));

    const bad = await shop.stack.request('/api/products/restock?include=everything', { headers: bearer(shop.admin) });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "include must be 'low-stock'" });
  });
});

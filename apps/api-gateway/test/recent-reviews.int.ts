import { type Answer, bearer, eventually, useShop } from '@shop/server-testing';

/**
 * The home page's reviews from shoppers (issue 25): `GET /api/reviews/recent` over the real stack, with the gateway's
 * cache on and a TTL of 10 minutes, so an answer that changes within the test can only have been cleared by a change.
 */
describe('recent reviews API', () => {
  const shop = useShop({ services: ['catalog-service'], env: { LOG_LEVEL: 'info', API_CACHE_TTL_SECONDS: '600' } }, { admin: true, timeoutMs: 60_000 });
  let ids: Record<string, string>;

  beforeAll(async () => {
    const list = (await shop.stack.request('/api/products')).body as Array<{ _id: string; name: string }>;
    ids = Object.fromEntries(list.map((p) => [p.name, p._id]));
  }, 60_000);

  const recent = (query = ''): Promise<Answer> => shop.stack.request(`/api/reviews/recent${query}`) as Promise<Answer>;
  const review = (product: string, visitor: string, body: Record<string, unknown>) =>
    shop.stack.request(`/api/products/review/${ids[product]}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-visitor-id': visitor },
      body: JSON.stringify(body),
    });

  it('answers no reviews while there are none', async () => {
    const res = await recent();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reviews: [] });
  });

  it('lists 4 stars and more first, newest first, then 3 stars; never lower; first names only; with the product', async () => {
    for (const [product, visitor, body] of [
      ['Mango Butter Lip Balm', 'uid-recentAAAAAA', { name: 'Keisha Mohammed', rating: 5, comment: 'Soft lips all day' }],
      ['Sorrel Sugar Body Scrub', 'uid-recentBBBBBB', { name: 'Ravi', rating: 2, comment: 'Too gritty for me' }],
      ['Cocoa Coffee Body Polish', 'uid-recentCCCCCC', { name: 'Anya', rating: 3, comment: 'Nice smell' }],
      ['Coconut Curl Moisturizer', 'uid-recentDDDDDD', { name: '  Shanice  Ali ', rating: 4.5, comment: 'My curls love it' }],
    ] as const) {
      expect((await review(product, visitor, body)).status).toBe(200);
    }
    const res = await eventually(recent, (a) => a.body.reviews?.length === 3, { what: 'three reviews' });
    expect(res.body.reviews.map((r: { firstName: string; rating: number }) => [r.firstName, r.rating])).toEqual([
      ['Shanice', 4.5],
      ['Keisha', 5],
      ['Anya', 3],
    ]);
    expect(res.body.reviews[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Shanice',
      rating: 4.5,
      comment: 'My curls love it',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      verifiedBuyer: false,
      product: { _id: ids['Coconut Curl Moisturizer'], name: 'Coconut Curl Moisturizer' },
    });
    // Nothing that names the writer beyond a first name, and never the visitor id.
    expect(JSON.stringify(res.body)).not.toMatch(/Mohammed|Ali"|uid-recent/);
  });

  it('is a cached public read that any review change clears, even of a product it does not show', async () => {
    await eventually(recent, (a) => a.headers.get('x-cache') === 'HIT', { what: 'recent reviews cached' });
    expect((await review('Vanilla Shea Lip Butter', 'uid-recentEEEEEE', { name: 'Tricia', rating: 5, comment: 'Best lip butter' })).status).toBe(200);
    const res = await eventually(recent, (a) => a.body.reviews?.[0]?.firstName === 'Tricia', { what: 'the new review' });
    expect(res.body.reviews[0].product.name).toBe('Vanilla Shea Lip Butter');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });

  it('takes a limit from 1 to 12, and refuses anything else', async () => {
    const one = await recent('?limit=1');
    expect(one.status).toBe(200);
    expect(one.body.reviews).toHaveLength(1);
    for (const bad of ['0', '13', 'two', '1.5']) {
      const res = await recent(`?limit=${bad}`);
      expect(res).toMatchObject({ status: 400, body: { message: 'limit must be a whole number from 1 to 12' } });
    }
  });

  it('leaves out the reviews of a deleted product', async () => {
    const deleted = await shop.stack.request(`/api/products/${ids['Vanilla Shea Lip Butter']}`, { method: 'DELETE', headers: bearer(shop.admin) });
    expect(deleted.status).toBe(200);
    const res = await eventually(recent, (a) => a.body.reviews?.every((r: { product: { name: string } }) => r.product.name !== 'Vanilla Shea Lip Butter'), { what: 'the deleted product gone' });
    expect(res.body.reviews.map((r: { firstName: string }) => r.firstName)).toEqual(['Shanice', 'Keisha', 'Anya']);
  });

  it('is documented in OpenAPI', async () => {
    const res = await shop.stack.request('/api/docs/openapi.json');
    const route = res.body.paths['/api/reviews/recent'].get;
    expect(route).toBeDefined();
    expect(route.security ?? []).toEqual([]);
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400']));
  });
});

import { type Answer, bearer, eventually, useShop, visitor } from '@shop/server-testing';

/**
 * The owner's review moderation (issue 26) over the real stack: a hidden or pending review is in none of the public
 * reads (the product's reviews, its rating and count, the product lists), and no cached answer keeps it: the
 * gateway's cache lives 10 minutes here, so an answer that changes within the test can only have been cleared by the
 * catalog's change event.
 */
describe('review moderation', () => {
  const shop = useShop({
    services: ['catalog-service', 'order-service'],
    env: { API_CACHE_TTL_SECONDS: '600', ORDER_SWEEP_SECONDS: '3600' },
  }, { admin: true });

  const json = { 'content-type': 'application/json' };
  const read = async (path: string): Promise<Answer> => shop.stack.request(path);
  const asAdmin = (method: string, path: string, body?: unknown) =>
    shop.stack.request(path, { method, headers: { ...json, ...bearer(shop.admin) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const review = (productId: string, writer: string, body: { name: string; rating: number; comment: string }) =>
    shop.stack.request(`/api/products/review/${productId}`, { method: 'PUT', headers: { ...json, 'x-visitor-id': writer }, body: JSON.stringify(body) });
  const cached = (path: string) => eventually(() => read(path), (a) => a.status === 200 && a.headers.get('x-cache') === 'HIT', { what: `${path} cached` });
  const adminList = async (query = ''): Promise<Answer> => asAdmin('GET', `/api/reviews${query}`);
  const hold = async (on: boolean) => expect((await asAdmin('PUT', '/api/reviews/settings', { holdForApproval: on })).body).toEqual({ holdForApproval: on });

  it('hides a review from the product, its rating and count, the lists and the cached answers; restoring brings it back', async () => {
    const product = await shop.db.product(5);
    const kind = visitor();
    const spam = visitor();
    expect((await review(product.id, kind, { name: 'Keisha', rating: 5, comment: 'Lovely balm' })).status).toBe(200);
    const written = await review(product.id, spam, { name: 'Spammer', rating: 0, comment: 'Buy cheap watches at example.com' });
    expect(written.status).toBe(200);
    expect(written.body.reviewHeld).toBe(false);
    expect(written.body.numReviews).toBe(2);
    expect(written.body.rating).toBe(2.5);

    const page = `/api/products/${product.id}`;
    const search = `/api/products?q=${encodeURIComponent(product.name)}`;
    await cached(page);
    await cached(search);

    const { body: listed } = await adminList(`?product=${product.id}`);
    expect(listed.total).toBe(2);
    // Newest first, each with what the owner decides on.
    expect(listed.reviews.map((r: { name: string }) => r.name)).toEqual(['Spammer', 'Keisha']);
    const spamReview = listed.reviews[0];
    expect(spamReview).toMatchObject({ productId: product.id, productName: product.name, rating: 0, status: 'published', verifiedBuyer: false, productDeleted: false });
    expect(spamReview).not.toHaveProperty('visitorId');

    const hidden = await asAdmin('PATCH', `/api/reviews/${spamReview._id}`, { status: 'hidden' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.status).toBe('hidden');

    // The cached product page and search answer are cleared by the change (TTL 10 minutes).
    const after = await read(page);
    expect(after.body.reviews.map((r: { name: string }) => r.name)).toEqual(['Keisha']);
    expect(after.body.numReviews).toBe(1);
    expect(after.body.rating).toBe(5);
    const found = (await read(search)).body.products.find((p: { _id: string }) => p._id === product.id);
    expect(found).toMatchObject({ rating: 5, numReviews: 1 });
    // Nor does the writer see it as theirs.
    const asWriter = await shop.stack.request(page, { headers: { 'x-visitor-id': spam } });
    expect(asWriter.body.reviews.map((r: { name: string }) => r.name)).toEqual(['Keisha']);

    // The writer cannot bring it back by writing it again: it stays hidden, and they are told it is not public.
    const rewrite = await review(product.id, spam, { name: 'Spammer', rating: 5, comment: 'Now a nice review' });
    expect(rewrite.status).toBe(200);
    expect(rewrite.body.reviewHeld).toBe(true);
    expect(rewrite.body.numReviews).toBe(1);
    expect((await adminList(`?product=${product.id}&status=hidden`)).body.reviews.map((r: { comment: string }) => r.comment)).toEqual(['Now a nice review']);

    await cached(page);
    expect((await asAdmin('PATCH', `/api/reviews/${spamReview._id}`, { status: 'published' })).status).toBe(200);
    const restored = await read(page);
    expect(restored.body.numReviews).toBe(2);
    expect(restored.body.reviews.map((r: { name: string }) => r.name)).toEqual(['Spammer', 'Keisha']);

    // Deleting for good, as the owner: gone from the list too.
    await cached(page);
    const deleted = await asAdmin('DELETE', `/api/products/review/${product.id}/${spamReview._id}`);
    expect(deleted.status).toBe(200);
    expect((await read(page)).body.numReviews).toBe(1);
    expect((await adminList(`?product=${product.id}`)).body.total).toBe(1);
  });

  it('holds new reviews for approval when the owner says so; approving publishes them', async () => {
    const product = await shop.db.product(5);
    const page = `/api/products/${product.id}`;
    expect((await asAdmin('GET', '/api/reviews/settings')).body).toEqual({ holdForApproval: false });
    await hold(true);
    try {
      const writer = visitor();
      const held = await review(product.id, writer, { name: 'Renee', rating: 4, comment: 'Smells of mango' });
      expect(held.status).toBe(200);
      expect(held.body.reviewHeld).toBe(true);
      expect(held.body.reviews).toEqual([]);
      expect(held.body.numReviews).toBe(0);
      await cached(page);
      expect((await read(page)).body.numReviews).toBe(0);

      const { body: waiting } = await adminList('?status=pending');
      const pending = waiting.reviews.find((r: { productId: string }) => r.productId === product.id);
      expect(pending).toMatchObject({ name: 'Renee', status: 'pending' });

      expect((await asAdmin('PATCH', `/api/reviews/${pending._id}`, { status: 'published' })).body.status).toBe('published');
      const approved = await read(page);
      expect(approved.body.reviews.map((r: { name: string }) => r.name)).toEqual(['Renee']);
      expect(approved.body.rating).toBe(4);

      // An edit of a published review is unchecked text again: it waits too.
      const edited = await review(product.id, writer, { name: 'Renee', rating: 1, comment: 'Changed my mind, rude words' });
      expect(edited.body.reviewHeld).toBe(true);
      expect((await read(page)).body.numReviews).toBe(0);
    } finally {
      await hold(false);
    }
    const open = await review(product.id, visitor(), { name: 'Dana', rating: 5, comment: 'Shows at once' });
    expect(open.body.reviewHeld).toBe(false);
    expect(open.body.reviews.map((r: { name: string }) => r.name)).toEqual(['Dana']);
  });

  it('lists every review newest first, paged, filtered by rating and product; only for the admin', async () => {
    const product = await shop.db.product(5);
    for (const [i, rating] of [1.5, 3, 3.5, 5].entries()) {
      expect((await review(product.id, visitor(), { name: `Writer ${i}`, rating, comment: `Review number ${i}` })).status).toBe(200);
    }
    const { body: threes } = await adminList(`?product=${product.id}&rating=3`);
    expect(threes.reviews.map((r: { rating: number }) => r.rating)).toEqual([3.5, 3]);
    const { body: ones } = await adminList(`?product=${product.id}&rating=1`);
    expect(ones.reviews.map((r: { rating: number }) => r.rating)).toEqual([1.5]);

    const { body: all } = await adminList();
    expect(all.total).toBeGreaterThanOrEqual(4);
    const times = all.reviews.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await adminList(`?page=${all.pages + 1}`)).body).toMatchObject({ reviews: [], total: all.total });

    expect((await adminList('?rating=6')).status).toBe(400);
    expect((await adminList('?product=not-an-id')).status).toBe(400);
    expect((await shop.stack.request('/api/reviews')).status).toBe(401);
    expect((await shop.stack.request('/api/reviews/settings', { method: 'PUT', headers: json, body: JSON.stringify({ holdForApproval: true }) })).status).toBe(401);
    expect((await asAdmin('PATCH', '/api/reviews/not-a-review', { status: 'hidden' })).status).toBe(404);
    expect((await asAdmin('PATCH', `/api/reviews/${all.reviews[0]._id}`, { status: 'pending' })).status).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { Pattern } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { bearer, useShop } from '@shop/server-testing';

import { forgedToken, nonAdminToken } from './support/auth';

const VISITOR_A = 'uid-AAAAAAAAAAAA';
const VISITOR_B = 'uid-BBBBBBBBBBBB';

const validProduct = () => ({
  name: 'Guava Glow Body Oil',
  price: 89.5,
  oldprice: 0,
  image: '/api/files/demo/mango-lip-balm.svg',
  subimages: ['https://images.example.com/guava-1.jpg'],
  description: 'A light dry oil with guava seed oil.',
  countInStock: 9,
  promotext: 'NEW',
  type: 'Body Oil',
});

/** Products and reviews through the gateway, over the real stack. */
describe('products API', () => {
  const shop = useShop({ services: ['catalog-service'], env: { LOG_LEVEL: 'info' } }, { admin: true, timeoutMs: 60_000 });

  const get = (path: string, headers: Record<string, string> = {}) => shop.stack.request(path, { headers });
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    shop.stack.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const asAdmin = () => bearer(shop.admin);

  describe('listing', () => {
    it('answers the whole list without parameters', async () => {
      const res = await get('/api/products');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(12);
      expect(res.body[0]).not.toHaveProperty('reviews');
    });

    it('pages 8 at a time, counted in the database', async () => {
      const p1 = await get('/api/products?page=1');
      expect(p1.body).toMatchObject({ page: 1, pages: 2, total: 12 });
      expect(p1.body.products).toHaveLength(8);
      const p2 = await get('/api/products?page=2');
      expect(p2.body.products).toHaveLength(4);
      const ids = new Set([...p1.body.products, ...p2.body.products].map((p: { _id: string }) => p._id));
      expect(ids.size).toBe(12);
      const past = await get('/api/products?page=3');
      expect(past.body).toMatchObject({ products: [], page: 3, pages: 2, total: 12 });
    });

    it('answers trending by purchases and newest by date', async () => {
      const trending = await get('/api/products?sort=trending&pageSize=10');
      expect(trending.body.products).toHaveLength(10);
      expect(trending.body.products[0].name).toBe('Mango Butter Lip Balm');
      const purchases = trending.body.products.map((p: { purchases: number }) => p.purchases);
      expect([...purchases].sort((a, b) => b - a)).toEqual(purchases);
      const newest = await get('/api/products?sort=newest&pageSize=6');
      expect(newest.body.products).toHaveLength(6);
      expect(newest.body.products[0].name).toBe('Frangipani Shine Serum');
    });

    it('filters by type, and "all" means every type', async () => {
      const balms = await get('/api/products?type=Lip%20Balm');
      expect(balms.body.total).toBe(3);
      expect(balms.body.products.every((p: { type: string }) => p.type === 'Lip Balm')).toBe(true);
      expect((await get('/api/products?type=all')).body.total).toBe(12);
    });

    it('searches name, price, description, promotext and type, ignoring case and small typos', async () => {
      const names = async (q: string) => (await get(`/api/products?q=${encodeURIComponent(q)}`)).body.products.map((p: { name: string }) => p.name);
      expect(await names('coconut')).toContain('Coconut Curl Moisturizer');
      expect(await names('COCONUT CURL')).toEqual(['Coconut Curl Moisturizer']);
      expect(await names('cocnut')).toContain('Coconut Curl Moisturizer');
      expect(await names('moisturiser')).toContain('Coconut Curl Moisturizer');
      expect(await names('95.00')).toContain('Coconut Curl Moisturizer');
      expect(await names('SALE')).toContain('Sorrel Sugar Body Scrub');
      expect(await names('trinitario cocoa')).toEqual(['Cocoa Coffee Body Polish']);
      expect(await names('lip balm')).toEqual(expect.arrayContaining(['Mango Butter Lip Balm', 'Passion Fruit Tinted Lip Balm']));
      expect(await names('zzqqxx')).toEqual([]);
    });

    it('ignores accents both ways', async () => {
      const created = await send('POST', '/api/products', { ...validProduct(), name: 'Crème Brûlée Lip Scrub', type: 'Lip Scrub' }, asAdmin());
      expect(created.status).toBe(201);
      const found = await get('/api/products?q=creme%20brulee');
      expect(found.body.products.map((p: { name: string }) => p.name)).toEqual(['Crème Brûlée Lip Scrub']);
      const accentedFirst = await get(`/api/products?q=${encodeURIComponent('CRÈME')}`);
      expect(accentedFirst.body.products[0].name).toBe('Crème Brûlée Lip Scrub');
      await send('DELETE', `/api/products/${created.body._id}`, undefined, asAdmin());
      const accented = await get(`/api/products?q=${encodeURIComponent('CRÈME')}`);
      const plain = await get('/api/products?q=creme');
      expect(accented.body).toEqual(plain.body);
    });

    it('refuses bad query parameters with a clear message', async () => {
      expect(await get('/api/products?page=0')).toMatchObject({ status: 400, body: { message: 'Page must be at least 1' } });
      expect(await get('/api/products?page=abc')).toMatchObject({ status: 400, body: { message: 'Page must be a whole number' } });
      expect(await get('/api/products?pageSize=101')).toMatchObject({ status: 400, body: { message: 'Page size must be at most 100' } });
      expect(await get('/api/products?sort=cheapest')).toMatchObject({ status: 400, body: { message: 'Sort must be trending, newest or relevance' } });
      expect(await get(`/api/products?q=${'a'.repeat(101)}`)).toMatchObject({ status: 400, body: { message: 'Search text must be at most 100 characters' } });
    });

    it('lists the types found', async () => {
      const res = await get('/api/products/types');
      expect(res.body).toEqual(['Body Butter', 'Body Scrub', 'Hair Moisturizer', 'Hair Oil', 'Lip Balm']);
    });
  });

  describe('one product', () => {
    it('answers 404 for unknown and malformed ids, never 500', async () => {
      expect(await get(`/api/products/${randomUUID()}`)).toMatchObject({ status: 404, body: { message: 'Product not found' } });
      expect(await get('/api/products/123')).toMatchObject({ status: 404, body: { message: 'Product not found' } });
      expect(await get('/api/products/%27%3B%20drop%20table')).toMatchObject({ status: 404 });
    });
  });

  describe('create, update and delete (admin)', () => {
    it('creates a product and answers it', async () => {
      const res = await send('POST', '/api/products', validProduct(), asAdmin());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...validProduct(), purchases: 0, rating: 0, numReviews: 0, reviews: [] });
      const again = await get(`/api/products/${res.body._id}`);
      expect(again.body.price).toBe(89.5);
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['name missing', { name: undefined }, "Please enter the product's name"],
      ['name blank', { name: '   ' }, "Please enter the product's name"],
      ['price missing', { price: undefined }, 'Please enter the price'],
      ['price as text', { price: '12.00' }, 'Please enter the price as a number, e.g. 95.00'],
      ['price negative', { price: -1 }, 'The price must be 0 or more, with at most two decimals'],
      ['price with three decimals', { price: 12.345 }, 'The price must be 0 or more, with at most two decimals'],
      ['old price negative', { oldprice: -5 }, 'The old price must be 0 or more, with at most two decimals'],
      ['type missing', { type: '' }, 'Please choose a type'],
      ['stock missing', { countInStock: undefined }, 'Please enter how many are in stock'],
      ['stock fractional', { countInStock: 1.5 }, 'Please enter how many are in stock as a whole number, e.g. 12'],
      ['stock negative', { countInStock: -1 }, 'The stock cannot be below 0'],
      ['description missing', { description: undefined }, 'Please enter a description'],
      ['main image missing', { image: undefined }, 'Please add a main picture: upload one, or paste its https address'],
      ['main image over plain http', { image: 'http://example.com/a.jpg' }, 'The main picture must be an uploaded image or an https URL'],
      ['main image as a script URL', { image: 'javascript:alert(1)' }, 'The main picture must be an uploaded image or an https URL'],
      ['main image climbing out of the uploads', { image: '/api/files/../../etc/passwd' }, 'The main picture must be an uploaded image or an https URL'],
      ['promotext of 7 characters', { promotext: 'SUPER50' }, 'The promotion label can be at most 6 characters, e.g. NEW'],
      ['five sub images', { subimages: Array(5).fill('https://images.example.com/x.jpg') }, 'At most 5 pictures: the main one and 4 more'],
      ['stock as text', { countInStock: 'ten' }, 'Please enter how many are in stock as a whole number, e.g. 12'],
      ['visible not a yes or no', { visible: 'no' }, 'Visible in shop must be true or false'],
      ['a bad sub image', { subimages: ['ftp://x/y.jpg'] }, 'Each extra picture must be an uploaded image or an https URL'],
    ];
    it.each(invalid)('refuses %s with 400 and writes nothing', async (_label, change, message) => {
      const before = await shop.db.query('SELECT count(*)::int AS n FROM catalog.products');
      const res = await send('POST', '/api/products', { ...validProduct(), ...change }, asAdmin());
      expect(res).toMatchObject({ status: 400, body: { message } });
      const after = await shop.db.query('SELECT count(*)::int AS n FROM catalog.products');
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });

    it('updates the whole product, and 404s an unknown or malformed id', async () => {
      const created = await send('POST', '/api/products', validProduct(), asAdmin());
      const update = { _id: created.body._id, ...validProduct(), price: 1250, countInStock: 0, name: 'Guava Glow Body Oil XL' };
      const res = await send('PUT', `/api/products/${created.body._id}`, update, asAdmin());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Guava Glow Body Oil XL', price: 1250, countInStock: 0 });
      expect(await send('PUT', `/api/products/${randomUUID()}`, validProduct(), asAdmin())).toMatchObject({ status: 404 });
      expect(await send('PUT', '/api/products/nope', validProduct(), asAdmin())).toMatchObject({ status: 404 });
      expect(await send('PUT', `/api/products/${created.body._id}`, { ...validProduct(), price: -2 }, asAdmin())).toMatchObject({ status: 400 });
    });

    it('deletes: hidden from the shop, kept in the database; refused while an open order holds stock', async () => {
      const created = await send('POST', '/api/products', validProduct(), asAdmin());
      const id = created.body._id;
      const client = new ServiceClient(shop.stack.env.NATS_URL, 5000, shop.stack.env.NATS_SUBJECT_PREFIX);
      try {
        await client.send(Pattern.StockReserve, { orderId: 'ord-holds-it', items: [{ product: id, qty: 2 }] });
        const refused = await send('DELETE', `/api/products/${id}`, undefined, asAdmin());
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/held by open orders/);
        await client.send(Pattern.StockRelease, { orderId: 'ord-holds-it' });
      } finally {
        await client.close();
      }
      const deleted = await send('DELETE', `/api/products/${id}`, undefined, asAdmin());
      expect(deleted).toMatchObject({ status: 200, body: { message: 'Product removed' } });
      expect(await get(`/api/products/${id}`)).toMatchObject({ status: 404 });
      expect((await get('/api/products')).body.some((p: { _id: string }) => p._id === id)).toBe(false);
      expect((await get('/api/products?q=guava')).body.products.some((p: { _id: string }) => p._id === id)).toBe(false);
      const kept = await shop.db.query('SELECT deleted_at FROM catalog.products WHERE id = $1', [id]);
      expect(kept.rows[0].deleted_at).not.toBeNull();
      expect(await send('DELETE', `/api/products/${id}`, undefined, asAdmin())).toMatchObject({ status: 404 });
    });

    it('lists products to restock for the admin, searchable', async () => {
      const res = await get('/api/products/restock', asAdmin());
      expect(res.status).toBe(200);
      expect(res.body.map((p: { name: string }) => p.name)).toContain('Sea Salt & Lime Scrub');
      expect(res.body.every((p: { countInStock: number }) => p.countInStock < 1)).toBe(true);
      const searched = await get('/api/products/restock?q=lime', asAdmin());
      expect(searched.body.map((p: { name: string }) => p.name)).toEqual(['Sea Salt & Lime Scrub']);
    });

    it.each([
      ['POST', '/api/products'],
      ['PUT', `/api/products/${randomUUID()}`],
      ['DELETE', `/api/products/${randomUUID()}`],
      ['GET', '/api/products/restock'],
    ])('%s %s: 401 without a token, 401 with a forged one, 403 for a non-admin', async (method, path) => {
      const body = method === 'GET' ? undefined : validProduct();
      const call = (headers: Record<string, string>) =>
        method === 'GET' ? get(path, headers) : send(method, path, body, headers);
      expect(await call({})).toMatchObject({ status: 401, body: { message: 'Not authorized, no token' } });
      expect(await call(bearer(forgedToken()))).toMatchObject({ status: 401, body: { message: 'Not authorized, token failed' } });
      expect(await call(bearer(await nonAdminToken(shop.stack)))).toMatchObject({ status: 403 });
    });
  });

  describe('reviews', () => {
    let productId: string;
    beforeAll(async () => {
      productId = (await get('/api/products')).body.find((p: { name: string }) => p.name === 'Mango Butter Lip Balm')._id;
    });
    const review = (visitor: string, body: Record<string, unknown>) => send('PUT', `/api/products/review/${productId}`, body, { 'x-visitor-id': visitor });

    it('adds one review per visitor (a second replaces the first) and keeps the average', async () => {
      const first = await review(VISITOR_A, { name: 'Keisha', rating: 4, comment: 'Soft lips all day' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ numReviews: 1, rating: 4 });
      expect(first.body.reviews[0]).toMatchObject({ name: 'Keisha', rating: 4, comment: 'Soft lips all day', mine: true });
      expect(first.body.reviews[0]).not.toHaveProperty('id');
      const replaced = await review(VISITOR_A, { id: VISITOR_A, name: 'Keisha', rating: 5, comment: 'Even better now' });
      expect(replaced.body).toMatchObject({ numReviews: 1, rating: 5 });
      const other = await review(VISITOR_B, { name: 'Anya', rating: 2.5, comment: 'Too sweet for me' });
      expect(other.body).toMatchObject({ numReviews: 2, rating: 3.75 });
      // The visitor sees which review is theirs; others see none as theirs.
      const asA = await get(`/api/products/${productId}`, { 'x-visitor-id': VISITOR_A });
      expect(asA.body.reviews.filter((r: { mine: boolean }) => r.mine).map((r: { name: string }) => r.name)).toEqual(['Keisha']);
      const anonymous = await get(`/api/products/${productId}`);
      expect(anonymous.body.reviews.every((r: { mine: boolean }) => !r.mine)).toBe(true);
    });

    it.each([
      ['a rating above 5', { rating: 5.5 }, 'Rating must be between 0 and 5'],
      ['a rating off the half steps', { rating: 2.3 }, 'Rating must be in half steps'],
      ['no name', { name: '' }, 'Name is required'],
      ['no comment', { comment: undefined }, 'Comment is required'],
      ['an over-long comment', { comment: 'x'.repeat(1001) }, 'Comment must be at most 1000 characters'],
      ['a body id that is not the header id', { id: VISITOR_B }, 'The review id does not match X-Visitor-Id'],
    ])('refuses %s', async (_label, change, message) => {
      const res = await review(VISITOR_A, { name: 'Keisha', rating: 4, comment: 'Nice', ...change });
      expect(res).toMatchObject({ status: 400, body: { message } });
    });

    it('needs a well-formed visitor id, and a product that exists', async () => {
      expect(await review('not-a-visitor', { name: 'X', rating: 1, comment: 'Y' })).toMatchObject({ status: 400, body: { message: 'Visitor id is not valid' } });
      const res = await send('PUT', `/api/products/review/${randomUUID()}`, { name: 'X', rating: 1, comment: 'Y' }, { 'x-visitor-id': VISITOR_A });
      expect(res.status).toBe(404);
    });

    it('lets only the writer or an admin delete a review', async () => {
      const written = await review(VISITOR_B, { name: 'Anya', rating: 3, comment: 'Fine' });
      const reviewId = written.body.reviews.find((r: { mine: boolean }) => r.mine)._id;
      const path = `/api/products/review/${productId}/${reviewId}`;
      expect(await send('DELETE', path, undefined, { 'x-visitor-id': VISITOR_A })).toMatchObject({ status: 403, body: { message: 'You can only delete your own review' } });
      expect(await send('DELETE', path, undefined, {})).toMatchObject({ status: 403 });
      const byWriter = await send('DELETE', path, undefined, { 'x-visitor-id': VISITOR_B });
      expect(byWriter.status).toBe(200);
      expect(byWriter.body.reviews.some((r: { _id: string }) => r._id === reviewId)).toBe(false);
      expect(await send('DELETE', path, undefined, { 'x-visitor-id': VISITOR_B })).toMatchObject({ status: 404 });
      expect(await send('DELETE', `/api/products/review/${productId}/nope`, undefined, { 'x-visitor-id': VISITOR_B })).toMatchObject({ status: 404 });

      const again = await review(VISITOR_B, { name: 'Anya', rating: 3, comment: 'Back again' });
      const id2 = again.body.reviews.find((r: { mine: boolean }) => r.mine)._id;
      const byAdmin = await send('DELETE', `/api/products/review/${productId}/${id2}`, undefined, asAdmin());
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.numReviews).toBe(1);
    });
  });
});

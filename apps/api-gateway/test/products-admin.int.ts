import type { ChildProcess } from 'node:child_process';
import type { AdminProductPage, Product, ProductPage, ProductSummary } from '@shop/contracts';
import { bearer, freePort, json, startStorefrontServer, useShop, visitor } from '@shop/server-testing';

const draft = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  price: 64,
  image: '/api/files/demo/mango-lip-balm.svg',
  description: 'A whipped butter the owner is still writing about.',
  countInStock: 7,
  type,
  ...extra,
});

/**
 * The owner's products (issue 26) over the real stack: a hidden product (a draft) is not sold, listed, searched or in
 * the sitemap, and the public answers forget it at once; the owner still sees and edits it. The owner's list is
 * searched, filtered, sorted and paged by the server, and a bad query is a 400 that says what is wrong.
 */
describe("the owner's products: hidden products and the list", () => {
  const shop = useShop({ services: ['catalog-service', 'order-service'], env: { API_CACHE_TTL_SECONDS: '600' } }, { admin: true });
  let storefront: { url: string; child: ChildProcess };

  beforeAll(async () => {
    // A long public cache: only the catalog's change message can make a hidden product's cached answer go.
    storefront = await startStorefrontServer({ port: await freePort(), gatewayUrl: shop.stack.gatewayUrl });
  }, 90_000);

  afterAll(async () => {
    storefront?.child.kill('SIGTERM');
  });

  const asAdmin = () => bearer(shop.admin);
  const create = (body: unknown) => shop.stack.request('/api/products', { method: 'POST', ...json(body, asAdmin()) });
  const update = (id: string, body: unknown) => shop.stack.request(`/api/products/${id}`, { method: 'PUT', ...json(body, asAdmin()) });
  const ownerList = (query: string) => shop.stack.request(`/api/admin/products${query}`, { headers: asAdmin() });
  const publicIds = async (path: string) => {
    const res = await shop.stack.request(path);
    expect(res.status).toBe(200);
    const list = (Array.isArray(res.body) ? res.body : (res.body as ProductPage).products) as ProductSummary[];
    return list.map((p) => p._id);
  };

  describe('a hidden product', () => {
    let hidden: Product;

    beforeAll(async () => {
      const res = await create(draft('Nutmeg Whipped Shea', 'Whipped Butter', { visible: false }));
      expect(res.status).toBe(201);
      hidden = res.body as Product;
    });

    it('is saved as a draft, and the owner sees it marked hidden', async () => {
      expect(hidden).toMatchObject({ name: 'Nutmeg Whipped Shea', visible: false });
      const own = await shop.stack.request(`/api/admin/products/${hidden._id}`, { headers: asAdmin() });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ _id: hidden._id, visible: false, type: 'Whipped Butter' });
      const list = (await ownerList('?visibility=hidden')).body as AdminProductPage;
      expect(list.products.map((p) => [p.name, p.visible])).toEqual([['Nutmeg Whipped Shea', false]]);
      expect((await shop.stack.request('/api/admin/products/types', { headers: asAdmin() })).body).toContain('Whipped Butter');
    });

    it('answers 404 to shoppers, and is in no public list, search, type list or sitemap', async () => {
      expect(await shop.stack.request(`/api/products/${hidden._id}`)).toMatchObject({ status: 404, body: { message: 'Product not found' } });
      expect(await publicIds('/api/products')).not.toContain(hidden._id);
      expect(await publicIds('/api/products?q=nutmeg')).toEqual([]);
      expect(await publicIds('/api/products?q=shea')).not.toContain(hidden._id);
      expect(await publicIds('/api/products?type=Whipped%20Butter')).toEqual([]);
      expect(await publicIds('/api/products?sort=newest&pageSize=100')).not.toContain(hidden._id);
      expect((await shop.stack.request('/api/products/types')).body).not.toContain('Whipped Butter');
      const sitemap = await (await fetch(`${storefront.url}/sitemap.xml`)).text();
      expect(sitemap).toContain('/product/');
      expect(sitemap).not.toContain(hidden._id);
      // Nor can it be reviewed.
      const review = await shop.stack.request(`/api/products/review/${hidden._id}`, {
        method: 'PUT',
        ...json({ name: 'Asha', rating: 5, comment: 'Lovely' }, { 'x-visitor-id': visitor() }),
      });
      expect(review.status).toBe(404);
    });

    it('cannot be bought: the order is refused naming the product, nothing is reserved, and the quote leaves it out', async () => {
      const other = (await shop.stack.request('/api/products')).body[0] as ProductSummary;
      const before = await shop.db.stock(hidden._id);
      const orders = await shop.db.orderCount();
      for (const inPerson of [false, true]) {
        const res = await shop.stack.client.placeOrder(visitor(), [
          { product: other._id, qty: 1 },
          { product: hidden._id, qty: 1 },
        ], { inPerson });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ message: 'Nutmeg Whipped Shea is not for sale at the moment. Please remove it from your cart to place your order.' });
      }
      expect(await shop.db.stock(hidden._id)).toEqual(before);
      expect(await shop.db.orderCount()).toBe(orders);
      const reserved = await shop.db.query('SELECT count(*)::int AS n FROM catalog.stock_reservations WHERE product_id = $1', [hidden._id]);
      expect(reserved.rows[0].n).toBe(0);

      const quote = await shop.stack.request('/api/orders/quote', { method: 'POST', ...json({ orderItems: [{ product: hidden._id, qty: 1 }] }) });
      expect(quote.status).toBe(200);
      expect(quote.body.lines).toEqual([
        expect.objectContaining({ product: hidden._id, name: 'Nutmeg Whipped Shea', price: null, lineTotal: 0, problem: 'unavailable' }),
      ]);
      expect(quote.body.itemsPrice).toBe(0);
    });

    it('is still the owner\'s to restock and edit, and goes on sale when made visible', async () => {
      const restock = await shop.stack.request(`/api/products/${hidden._id}/restock`, { method: 'POST', ...json({ qty: 3 }, asAdmin()) });
      expect(restock.status).toBe(200);
      const edited = await update(hidden._id, draft('Nutmeg Whipped Shea', 'Whipped Butter', { visible: true, countInStock: 10 }));
      expect(edited).toMatchObject({ status: 200, body: { visible: true } });
      expect(await shop.stack.request(`/api/products/${hidden._id}`)).toMatchObject({ status: 200, body: { name: 'Nutmeg Whipped Shea' } });
      expect(await publicIds('/api/products?q=nutmeg')).toEqual([hidden._id]);
      const res = await shop.stack.client.placeOrder(visitor(), [{ product: hidden._id, qty: 1 }], { inPerson: true });
      expect(res.status).toBe(201);
    });

    it('leaves the public answers at once when the owner hides a product on sale, cached ones included', async () => {
      const onSale = (await create(draft('Clove Cocoa Butter', 'Whipped Butter'))).body as Product;
      await shop.stack.request(`/api/products/${onSale._id}`);
      const cached = await shop.stack.request(`/api/products/${onSale._id}`);
      expect(cached.headers.get('x-cache')).toBe('HIT');
      const listed = await publicIds('/api/products');
      expect(listed).toContain(onSale._id);

      const hiddenNow = await update(onSale._id, draft('Clove Cocoa Butter', 'Whipped Butter', { visible: false }));
      expect(hiddenNow).toMatchObject({ status: 200, body: { visible: false } });
      expect((await shop.stack.request(`/api/products/${onSale._id}`)).status).toBe(404);
      expect(await publicIds('/api/products')).not.toContain(onSale._id);
    });
  });

  describe('types', () => {
    it('files a type that differs only by case or spaces under the existing spelling', async () => {
      const res = await create(draft('Tamarind Lip Scrub', '  lip   BALM '));
      expect(res).toMatchObject({ status: 201, body: { type: 'Lip Balm' } });
      const types = (await shop.stack.request('/api/admin/products/types', { headers: asAdmin() })).body as string[];
      expect(types.filter((t) => t.toLowerCase() === 'lip balm')).toEqual(['Lip Balm']);
      // A new type is trimmed, its spaces made one.
      expect(await create(draft('Bay Rum Beard Oil', ' Beard   Oil '))).toMatchObject({ status: 201, body: { type: 'Beard Oil' } });
    });

    it('lets the owner fix the case of a type only one product has', async () => {
      const made = (await create(draft('Cedar Hair Pomade', 'hair pomade'))).body as Product;
      const fixed = await update(made._id, draft('Cedar Hair Pomade', 'Hair Pomade'));
      expect(fixed).toMatchObject({ status: 200, body: { type: 'Hair Pomade' } });
    });
  });

  describe("the owner's list", () => {
    it('answers only an admin', async () => {
      expect(await shop.stack.request('/api/admin/products')).toMatchObject({ status: 401, body: { message: 'Not authorized, no token' } });
      expect((await shop.stack.request('/api/admin/products/types')).status).toBe(401);
      const any = (await shop.stack.request('/api/products')).body[0] as ProductSummary;
      expect((await shop.stack.request(`/api/admin/products/${any._id}`)).status).toBe(401);
    });

    it('pages 20 at a time by default, newest first, counted by the server', async () => {
      const total = Number((await shop.db.query('SELECT count(*)::int AS n FROM catalog.products WHERE deleted_at IS NULL')).rows[0].n);
      const first = (await ownerList('')).body as AdminProductPage;
      expect(first).toMatchObject({ page: 1, total, pages: Math.ceil(total / 20), lowStockThreshold: 3 });
      expect(first.products).toHaveLength(Math.min(total, 20));
      const dates = first.products.map((p) => p.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const small = (await ownerList('?pageSize=5&page=2')).body as AdminProductPage;
      expect(small).toMatchObject({ page: 2, pages: Math.ceil(total / 5), total });
      expect(small.products.map((p) => p._id)).toEqual(first.products.slice(5, 10).map((p) => p._id));
      const past = (await ownerList('?pageSize=5&page=99')).body as AdminProductPage;
      expect(past).toMatchObject({ products: [], page: 99, total });
    });

    it('searches the name and the type, ignoring case and accents, and filters by type', async () => {
      const byName = (await ownerList('?q=LIP%20balm')).body as AdminProductPage;
      expect(byName.products.length).toBeGreaterThan(0);
      expect(byName.products.every((p) => /lip balm/i.test(`${p.name} ${p.type}`))).toBe(true);
      const accents = (await ownerList('?q=s%C3%B3rrel')).body as AdminProductPage;
      expect(accents.products.map((p) => p.name)).toEqual(['Sorrel Sugar Body Scrub']);
      // Words of the description are not searched here.
      expect(((await ownerList('?q=beeswax')).body as AdminProductPage).total).toBe(0);
      // A LIKE wildcard is only a character.
      expect(((await ownerList('?q=%25')).body as AdminProductPage).total).toBe(0);
      const oils = (await ownerList('?type=hair%20oil&sort=name')).body as AdminProductPage;
      expect(oils.products.map((p) => p.name)).toEqual(['Frangipani Shine Serum', 'Moringa Scalp Oil']);
    });

    it('filters by stock (in, low, out) and by visibility', async () => {
      const all = ((await ownerList('?pageSize=100')).body as AdminProductPage).products;
      const ids = async (query: string) => ((await ownerList(`${query}&pageSize=100`)).body as AdminProductPage).products.map((p) => p._id).sort();
      expect(await ids('?stock=out')).toEqual(all.filter((p) => p.countInStock < 1).map((p) => p._id).sort());
      expect(await ids('?stock=low')).toEqual(all.filter((p) => p.countInStock >= 1 && p.countInStock <= 3).map((p) => p._id).sort());
      expect(await ids('?stock=in')).toEqual(all.filter((p) => p.countInStock >= 1).map((p) => p._id).sort());
      expect(await ids('?stock=out')).toContain(all.find((p) => p.name === 'Sea Salt & Lime Scrub')?._id);
      expect(await ids('?visibility=visible')).toEqual(all.filter((p) => p.visible).map((p) => p._id).sort());
      expect(await ids('?visibility=hidden')).toEqual(all.filter((p) => !p.visible).map((p) => p._id).sort());
      // An empty filter (a form's "All") is no filter.
      expect(((await ownerList('?type=&stock=&q=')).body as AdminProductPage).total).toBe(all.length);
    });

    it('sorts by name, price and stock either way', async () => {
      const list = async (sort: string) => ((await ownerList(`?sort=${sort}&pageSize=100`)).body as AdminProductPage).products;
      const names = (await list('name')).map((p) => p.name.toLowerCase());
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const low = (await list('price-low')).map((p) => p.price);
      expect(low).toEqual([...low].sort((a, b) => a - b));
      const high = (await list('price-high')).map((p) => p.price);
      expect(high).toEqual([...high].sort((a, b) => b - a));
      const fewest = (await list('stock-low')).map((p) => p.countInStock);
      expect(fewest).toEqual([...fewest].sort((a, b) => a - b));
      const most = (await list('stock-high')).map((p) => p.countInStock);
      expect(most).toEqual([...most].sort((a, b) => b - a));
    });

    it.each([
      ['?sort=cheapest', 'Sort must be one of newest, name, price-low, price-high, stock-low, stock-high'],
      ['?stock=some', 'Stock must be in, low or out'],
      ['?visibility=drafts', 'Visibility must be visible or hidden'],
      ['?page=0', 'Page must be at least 1'],
      ['?page=two', 'Page must be a whole number'],
      ['?pageSize=101', 'Page size must be at most 100'],
      [`?q=${'a'.repeat(101)}`, 'Search text must be at most 100 characters'],
    ])('refuses %s with a 400 that says what is wrong', async (query, message) => {
      expect(await ownerList(query)).toMatchObject({ status: 400, body: { message } });
    });
  });
});

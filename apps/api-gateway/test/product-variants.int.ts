import type { AdminProductPage, Product, ProductPage, ProductSummary, ProductVariant } from '@shop/contracts';
import { bearer, json, useShop, visitor } from '@shop/server-testing';

const base = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  price: 95,
  oldprice: 0,
  image: '/api/files/demo/mango-lip-balm.svg',
  description: 'A whipped butter of shea and mango.',
  countInStock: 9,
  type: 'Body Butter',
  ...extra,
});

const SIZES = { name: 'Size', values: [{ label: '8 oz' }, { label: '16 oz' }] };
const SHADES = { name: 'Shade', values: [{ label: 'Cocoa', swatch: '#7B4A2D' }, { label: 'Guava', swatch: '#e8767a' }] };

/** What the shop answers of each variant that tests compare: label, price, stock. */
const rows = (p: Product) => p.variants.map((v) => [v.label, v.price, v.countInStock]);

/**
 * Product variants (issue 28) over the real stack: the product shape with and without options, the owner's writes
 * (combinations made, ids kept, a value held by an open order refused with its number, clear 400s), bulk changes, the
 * public cache forgetting a changed product, search by a variant's value, and the demo catalogue's sizes and shades.
 */
describe('product variants API', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service'], env: { API_CACHE_TTL_SECONDS: '600' } }, { admin: true });

  const asAdmin = () => bearer(shop.admin);
  const create = (body: unknown) => shop.stack.request('/api/products', { method: 'POST', ...json(body, asAdmin()) });
  const update = (id: string, body: unknown) => shop.stack.request(`/api/products/${id}`, { method: 'PUT', ...json(body, asAdmin()) });
  const publicGet = async (id: string) => (await shop.stack.request(`/api/products/${id}`)).body as Product;
  const ownerListed = async (name: string) =>
    ((await shop.stack.request(`/api/admin/products?q=${encodeURIComponent(name)}`, { headers: asAdmin() })).body as AdminProductPage).products.find((p) => p.name === name);
  const search = async (q: string) => ((await shop.stack.request(`/api/products?q=${encodeURIComponent(q)}&pageSize=50`)).body as ProductPage).products;

  async function created(body: unknown): Promise<Product> {
    const res = await create(body);
    expect(res.status).toBe(201);
    return res.body as Product;
  }

  describe('the product shape', () => {
    it('gives a product without options no options and one variant: its own id, no label, its price and stock', async () => {
      const product = await created(base('Plain Shea Butter', { price: 64.5, oldprice: 70, countInStock: 7 }));
      expect(product.options).toEqual([]);
      expect(product.variants).toEqual([{ _id: product._id, valueIds: [], label: '', sku: '', price: 64.5, oldprice: 70, countInStock: 7, image: null, active: true }]);
      expect(await publicGet(product._id)).toMatchObject({ options: [], variants: product.variants, price: 64.5, countInStock: 7 });
      const [listed] = (await search('plain shea')) as ProductSummary[];
      expect(listed).toMatchObject({ _id: product._id, price: 64.5, maxPrice: 64.5 });
      expect(listed).not.toHaveProperty('variants');
    });

    it('makes every combination of two options, the first option outermost, with the prices and stock the owner gives', async () => {
      const product = await created(
        base('Mango Body Butter', {
          options: [SIZES, SHADES],
          variants: [
            { labels: ['8 oz', 'Cocoa'], price: 95, countInStock: 4, sku: 'MBB-8-COCOA' },
            { labels: ['8 oz', 'Guava'], price: 95, countInStock: 0 },
            { labels: ['16 OZ', 'cocoa'], price: 160, oldprice: 180, countInStock: 6 },
            { labels: ['16 oz', 'Guava'], price: 165, countInStock: 2, active: false },
          ],
        }),
      );
      expect(product.options.map((o) => [o.name, o.values.map((v) => [v.label, v.swatch])])).toEqual([
        ['Size', [['8 oz', undefined], ['16 oz', undefined]]],
        ['Shade', [['Cocoa', '#7b4a2d'], ['Guava', '#e8767a']]],
      ]);
      for (const id of product.options.flatMap((o) => [o.id, ...o.values.map((v) => v.id)])) expect(id).toMatch(/^[a-z0-9]{1,12}$/);
      expect(rows(product)).toEqual([
        ['8 oz / Cocoa', 95, 4],
        ['8 oz / Guava', 95, 0],
        ['16 oz / Cocoa', 160, 6],
        ['16 oz / Guava', 165, 2],
      ]);
      expect(product.variants[0]).toMatchObject({ _id: product._id, sku: 'MBB-8-COCOA' });
      const [size, shade] = product.options;
      expect(product.variants[2].valueIds).toEqual([size.values[1].id, shade.values[0].id]);
      // The product's figures are its variants' on sale: lowest price, highest, and the sum of their stock.
      expect(product).toMatchObject({ price: 95, maxPrice: 160, countInStock: 10 });
      // Shoppers do not see the variant off sale; the owner does.
      expect(rows(await publicGet(product._id))).toEqual(rows(product).slice(0, 3));
      const [listed] = (await search('mango body butter')) as ProductSummary[];
      expect(listed).toMatchObject({ _id: product._id, price: 95, maxPrice: 160, countInStock: 10 });
      // The owner's list says how many variants it has, the one off sale too; a product sold one way has none.
      expect(await ownerListed('Mango Body Butter')).toMatchObject({ _id: product._id, variantCount: 4, countInStock: 10 });
      expect(await ownerListed('Plain Shea Butter')).toMatchObject({ variantCount: 0 });
    });

    it('describes options and variants in the OpenAPI document', async () => {
      const doc = (await shop.stack.request('/api/docs/openapi.json')).body as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
      const product = JSON.stringify(doc.components.schemas.Product);
      for (const field of ['options', 'variants', 'valueIds', 'swatch', 'maxPrice']) expect(product).toContain(field);
    });
  });

  describe("the owner's writes", () => {
    it('keeps the ids of existing variants by their values through a rename, adds new combinations and removes gone ones', async () => {
      const product = await created(base('Cocoa Lip Tint', { options: [SHADES], variants: [{ labels: ['Cocoa'], countInStock: 3 }, { labels: ['Guava'], countInStock: 5 }] }));
      const [cocoa, guava] = product.variants;
      // Read once, so the public cache holds the old answer: the change must make it go.
      expect(rows(await publicGet(product._id))).toEqual([['Cocoa', 95, 3], ['Guava', 95, 5]]);
      const shade = product.options[0];
      const res = await update(
        product._id,
        base('Cocoa Lip Tint', {
          options: [{ id: shade.id, name: 'Shade', values: [{ id: shade.values[0].id, label: 'Cocoa Brown' }, { label: 'Sorrel' }] }],
          variants: [{ labels: ['Sorrel'], price: 99, countInStock: 8 }],
        }),
      );
      expect(res.status).toBe(200);
      const after = res.body as Product;
      expect(rows(after)).toEqual([['Cocoa Brown', 95, 3], ['Sorrel', 99, 8]]);
      expect(after.variants[0]._id).toBe(cocoa._id);
      expect(after.variants.map((v) => v._id)).not.toContain(guava._id);
      expect(after.options[0].values[0].id).toBe(shade.values[0].id);
      expect(rows(await publicGet(product._id))).toEqual([['Cocoa Brown', 95, 3], ['Sorrel', 99, 8]]);
      // Sent again without options (an older form), the product keeps them and its variants' stock.
      const again = await update(product._id, base('Cocoa Lip Tint', { countInStock: 500, price: 1 }));
      expect(again.status).toBe(200);
      expect(rows(again.body as Product)).toEqual([['Cocoa Brown', 95, 3], ['Sorrel', 99, 8]]);
    });

    it('makes a product sold one way the first combination when options are added, keeping its id and stock, and back again', async () => {
      const product = await created(base('Soursop Whip', { countInStock: 11, price: 120 }));
      const res = await update(product._id, base('Soursop Whip', { countInStock: 11, price: 120, options: [SIZES], variants: [{ labels: ['16 oz'], price: 210, countInStock: 3 }] }));
      expect(res.status).toBe(200);
      const sized = res.body as Product;
      expect(sized.variants.map((v) => [v._id === product._id, v.label, v.price, v.countInStock])).toEqual([
        [true, '8 oz', 120, 11],
        [false, '16 oz', 210, 3],
      ]);
      expect(sized).toMatchObject({ price: 120, countInStock: 14 });
      const back = await update(product._id, base('Soursop Whip', { countInStock: 12, price: 125, options: [] }));
      expect(back.status).toBe(200);
      expect((back.body as Product).variants).toEqual([expect.objectContaining({ _id: product._id, label: '', price: 125, countInStock: 12 })]);
      expect(back.body).toMatchObject({ options: [], price: 125, countInStock: 12 });
    });

    it('refuses to remove a value that an open order holds, naming that order, and changes nothing', async () => {
      const product = await created(base('Hibiscus Whip', { countInStock: 10 }));
      const order = await shop.stack.client.placeOrder(visitor(), [{ product: product._id, qty: 2 }], { inPerson: true });
      expect(order.status).toBe(201);
      const number = (order.body as { orderNumber: string }).orderNumber;
      expect(number).toMatch(/^IG-\d+$/);
      const sized = (await update(product._id, base('Hibiscus Whip', { options: [SIZES] }))).body as Product;
      expect(rows(sized)).toEqual([['8 oz', 95, 8], ['16 oz', 95, 0]]);

      const refused = await update(product._id, base('Hibiscus Whip', { options: [{ name: 'Size', values: [{ label: '16 oz' }] }] }));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: `Open orders hold 8 oz: ${number}. Complete or cancel them before removing it.` });
      expect(rows(await publicGet(product._id))).toEqual([['8 oz', 95, 8], ['16 oz', 95, 0]]);
      // A value no order holds goes.
      const removed = await update(product._id, base('Hibiscus Whip', { options: [{ name: 'Size', values: [{ label: '8 oz' }] }] }));
      expect(removed.status).toBe(200);
      expect(rows(removed.body as Product)).toEqual([['8 oz', 95, 8]]);
    });

    it.each([
      [{ options: [SIZES, SHADES, { name: 'Scent', values: [{ label: 'Mango' }] }, { name: 'Finish', values: [{ label: 'Matte' }] }] }, 'A product can have at most 3 options, e.g. Size, Shade and Scent'],
      [{ options: [{ name: 'Size', values: [{ label: '8 oz' }, { label: '8  OZ ' }] }] }, 'Size has the value "8 oz" twice'],
      [{ options: [SIZES, { name: 'size', values: [{ label: 'Big' }] }] }, 'The option "size" is named twice'],
      [{ options: [{ name: 'Shade', values: [{ label: 'Cocoa', swatch: 'brown' }] }] }, 'A swatch must be a colour like #a0522d'],
      [{ options: [{ name: 'Size', values: [] }] }, 'Each option needs at least one value'],
      [{ options: [{ name: 'Size', values: [{ label: '   ' }] }] }, 'Please enter the value'],
      [{ options: [SIZES], variants: [{ labels: ['12 oz'], price: 5 }] }, 'Size has no value "12 oz" (variant "12 oz")'],
      [{ options: [SIZES, SHADES], variants: [{ labels: ['8 oz'] }] }, 'The variant "8 oz" must name one value of each option: Size, Shade'],
      [{ options: [SIZES], variants: [{ labels: ['8 oz'], price: -1 }] }, "A variant's price must be 0 or more, with at most two decimals"],
      [{ options: [SIZES], variants: [{ labels: ['8 oz'], countInStock: 1.5 }] }, "A variant's stock must be a whole number, e.g. 12"],
      [
        { options: ['A', 'B', 'C'].map((name) => ({ name, values: Array.from({ length: 5 }, (_, i) => ({ label: `${name}${i}` })) })) },
        'These options make 125 combinations; a product can have at most 100',
      ],
    ])('answers a clear 400 and writes nothing: %j', async (extra, message) => {
      const name = `Refused Whip ${Math.random().toString(36).slice(2, 8)}`;
      const res = await create(base(name, extra));
      expect(res).toMatchObject({ status: 400, body: { message } });
      expect(await search(name)).toEqual([]);
    });

    it("refuses a SKU another product's variant has (409)", async () => {
      await created(base('Sku Holder', { options: [SIZES], variants: [{ labels: ['8 oz'], sku: 'SKU-TAKEN' }] }));
      const res = await create(base('Sku Taker', { options: [SIZES], variants: [{ labels: ['16 oz'], sku: 'SKU-TAKEN' }] }));
      expect(res).toMatchObject({ status: 409, body: { message: 'The SKU SKU-TAKEN is already used by another product' } });
      expect(await search('sku taker')).toEqual([]);
    });

    it('sets one price on every variant and adds stock to each, recording each restock', async () => {
      const product = await created(base('Bulk Whip', { options: [SIZES], variants: [{ labels: ['8 oz'], countInStock: 1 }, { labels: ['16 oz'], countInStock: 4, price: 150 }] }));
      const bulk = (body: unknown) => shop.stack.request(`/api/products/${product._id}/variants/bulk`, { method: 'POST', ...json(body, asAdmin()) });
      const res = await bulk({ price: 110, addStock: 10 });
      expect(res.status).toBe(200);
      expect(rows(res.body as Product)).toEqual([['8 oz', 110, 11], ['16 oz', 110, 14]]);
      const { rows: moves } = await shop.db.query(`SELECT variant_id, change, count_after FROM catalog.stock_movements WHERE product_id = $1 ORDER BY count_after`, [product._id]);
      expect(moves).toEqual(product.variants.map((v, i) => ({ variant_id: v._id, change: 10, count_after: [11, 14][i] })));
      expect(await bulk({})).toMatchObject({ status: 400, body: { message: 'Say a price to set or a stock to add' } });
      expect(await bulk({ addStock: 1_000_000 })).toMatchObject({ status: 400, body: { message: 'Adding 1000000 would take a variant past 1,000,000 in stock' } });
      expect((await shop.stack.request(`/api/products/${product._id}/variants/bulk`, { method: 'POST', ...json({ price: 1 }) })).status).toBe(401);
      expect(await shop.db.variantDrift()).toEqual([]);
    });
  });

  describe('search', () => {
    it("finds a product by a variant's value, whole or in part, and by a small typo", async () => {
      const product = await created(
        base('Nutmeg Body Souffle', { options: [{ name: 'Size', values: [{ label: '4 oz' }, { label: '12 oz' }] }, { name: 'Scent', values: [{ label: 'Tonka' }] }] }),
      );
      for (const q of ['12 oz', 'tonka', 'TONK', 'tonkaa', 'souffle 12 oz']) {
        expect([q, (await search(q)).map((p) => p._id)]).toEqual([q, expect.arrayContaining([product._id])]);
      }
      expect((await search('tonka 99 oz')).map((p) => p._id)).not.toContain(product._id);
      // A renamed value is found by its new label.
      const renamed = await update(product._id, base('Nutmeg Body Souffle', { options: [{ name: 'Size', values: [{ label: '4 oz' }, { label: '12 oz' }] }, { name: 'Scent', values: [{ label: 'Vetiver' }] }] }));
      expect(renamed.status).toBe(200);
      expect((await search('vetiver')).map((p) => p._id)).toEqual([product._id]);
    });
  });

  describe('the demo catalogue', () => {
    it('has products in sizes with different prices and a tinted lip balm in four shades, one sold out', async () => {
      const all = (await shop.stack.request('/api/products')).body as ProductSummary[];
      const byName = (name: string) => all.find((p) => p.name === name)!;
      expect(byName('Aloe & Castor Growth Butter')).toMatchObject({ price: 120, maxPrice: 210, countInStock: 15 });
      const balm = await publicGet(byName('Passion Fruit Tinted Lip Balm')._id);
      expect(balm.options.map((o) => o.name)).toEqual(['Shade']);
      expect(balm.options[0].values.every((v) => /^#[0-9a-f]{6}$/.test(v.swatch ?? ''))).toBe(true);
      expect(balm.variants.map((v: ProductVariant) => [v.label, v.countInStock])).toEqual([
        ['Guava', 20],
        ['Cocoa', 15],
        ['Sorrel', 10],
        ['Hibiscus', 0],
      ]);
      expect(balm.variants[0]._id).toBe(balm._id);
      expect(balm).toMatchObject({ price: 30, maxPrice: 30, oldprice: 35, countInStock: 45 });
      expect((await search('hibiscus')).map((p) => p.name)).toEqual(expect.arrayContaining(['Passion Fruit Tinted Lip Balm', 'Hibiscus Hydrating Hair Milk']));
    });
  });
});

import { randomUUID } from 'node:crypto';
import type { ProductImportReport, StockMovement } from '@shop/contracts';
import { bearer, useShop } from '@shop/server-testing';
import { parse } from 'csv-parse/sync';

import { nonAdminToken } from './support/auth';

/**
 * Issue 26, products in bulk over the real stack: the export, and an import whose dry run lists every change and
 * every refused row (line and reason), which writes nothing when any row is refused, and otherwise writes all the
 * changes in one transaction with the stock changes in the inventory history.
 */
describe('products CSV (GET /api/products-csv, POST /api/products-csv/import)', () => {
  const shop = useShop({ services: ['catalog-service'], env: { SEED_DEMO_DATA: 'false', API_CACHE_TTL_SECONDS: '600' } }, { admin: true });
  const tag = randomUUID().slice(0, 6);
  const products: Record<'balm' | 'gel' | 'oil' | 'gone', { id: string; name: string }> = {} as never;

  beforeAll(async () => {
    const insert = async (key: keyof typeof products, name: string, cents: number, stock: number, deleted = false) => {
      const { rows } = await shop.db.query(
        `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type, deleted_at)
         VALUES ($1, $2, '/api/files/demo/mango-lip-balm.svg', 'Test', $3, 'Hair Care', $4) RETURNING id`,
        [name, cents, stock, deleted ? new Date() : null],
      );
      products[key] = { id: rows[0].id, name };
    };
    await insert('balm', `Mango Lip Balm, large ${tag}`, 2500, 10);
    await insert('gel', `Sea Moss Gel ${tag}`, 4999, 0);
    await insert('oil', `=Castor Oil ${tag}`, 7550, 3);
    await insert('gone', `Old Shampoo ${tag}`, 1000, 5, true);
  }, 90_000);

  const upload = (csv: string, dryRun?: boolean, headers: Record<string, string> = bearer(shop.admin)) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const query = dryRun === undefined ? '' : `?dryRun=${dryRun}`;
    return shop.stack.request(`/api/products-csv/import${query}`, { method: 'POST', headers, body: form });
  };
  /** Every product's price and stock, and the number of inventory movements: what "nothing written" compares. */
  const snapshot = async () => ({
    products: (await shop.db.query('SELECT id, price_cents, count_in_stock FROM catalog.products ORDER BY id')).rows,
    movements: (await shop.db.query('SELECT count(*)::int AS n FROM catalog.stock_movements')).rows[0].n as number,
  });

  it('exports every product (deleted ones left out) with prices in 2 decimals, a formula-like name neutralised', async () => {
    const res = await fetch(`${shop.stack.gatewayUrl}/api/products-csv`, { headers: bearer(shop.admin) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="products.csv"');
    const rows = parse(await res.text(), { bom: true }) as string[][];
    expect(rows[0]).toEqual(['id', 'name', 'type', 'price', 'old price', 'stock']);
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining([
        [products.balm.id, products.balm.name, 'Hair Care', '25.00', '0.00', '10'],
        [products.gel.id, products.gel.name, 'Hair Care', '49.99', '0.00', '0'],
        [products.oil.id, `'${products.oil.name}`, 'Hair Care', '75.50', '0.00', '3'],
      ]),
    );
    expect(rows.flat()).not.toContain(products.gone.id);
  });

  it('answers only an admin', async () => {
    expect((await fetch(`${shop.stack.gatewayUrl}/api/products-csv`)).status).toBe(401);
    const before = await snapshot();
    expect((await upload(`id,price\n${products.balm.id},1.00\n`, false, {})).status).toBe(401);
    expect((await upload(`id,price\n${products.balm.id},1.00\n`, false, bearer(await nonAdminToken(shop.stack)))).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('takes its own export back unchanged: every row read, no change', async () => {
    const exported = await (await fetch(`${shop.stack.gatewayUrl}/api/products-csv`, { headers: bearer(shop.admin) })).text();
    const before = await snapshot();
    const res = await upload(exported, false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: false, applied: true, rows: 3, changes: [], unchanged: 3, refused: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('names every refused row with its line and reason, and writes nothing, in a dry run and in a real import', async () => {
    const csv = [
      'id,name,price,stock',
      `${products.balm.id},"Mango Lip Balm, large",27.50,12`, // line 2: a good row
      `${randomUUID()},Ghost,10.00,1`, // 3: unknown product
      'not-an-id,Typo,10.00,1', // 4: unknown product
      // The cells are checked before the product is looked up: these rows' products need not exist.
      `${randomUUID()},Gel,abc,`, // 5: price not a number
      `${randomUUID()},Oil,-5.00,`, // 6: negative price
      `${products.gone.id},Gone,1.00,`, // 7: deleted product
      `${randomUUID()},Gel,1.999,`, // 8: too many decimals
      `${randomUUID()},Oil,,2.5`, // 9: stock not whole
      `${randomUUID()},Oil,,-3`, // 10: stock below 0
      `${products.balm.id},Balm again,30.00,`, // 11: duplicate of line 2
      `${products.oil.id},Oil,1.00`, // 12: too few cells
      ',No id,1.00,1', // 13: empty id
    ].join('\r\n');
    for (const dryRun of [true, false]) {
      const before = await snapshot();
      const res = await upload(csv, dryRun);
      expect(res.status).toBe(dryRun ? 200 : 400);
      const report = res.body as ProductImportReport & { message?: string };
      expect(report.refused).toEqual([
        { line: 3, reason: expect.stringMatching(/^Unknown product: no product has the id "[0-9a-f-]{36}"$/) },
        { line: 4, reason: 'Unknown product: no product has the id "not-an-id"' },
        { line: 5, reason: 'Price "abc" is not a number' },
        { line: 6, reason: 'Price cannot be negative' },
        { line: 7, reason: `${products.gone.name} was deleted and cannot be updated` },
        { line: 8, reason: 'Price "1.999" has more than two decimals' },
        { line: 9, reason: 'Stock "2.5" is not a whole number' },
        { line: 10, reason: 'Stock cannot be below 0' },
        { line: 11, reason: 'Duplicate row for this product (also on line 2)' },
        { line: 12, reason: 'This row has 3 cells; the header has 4' },
        { line: 13, reason: 'The id is empty' },
      ]);
      // The good row's changes are listed, but not written.
      expect(report.changes).toEqual([
        { line: 2, product: products.balm.id, name: products.balm.name, field: 'price', from: 25, to: 27.5 },
        { line: 2, product: products.balm.id, name: products.balm.name, field: 'stock', from: 10, to: 12 },
      ]);
      expect(report).toMatchObject({ dryRun, applied: false, rows: 12 });
      if (!dryRun) expect(report.message).toBe('11 rows were refused, so nothing was imported');
      expect(await snapshot()).toEqual(before);
    }
  });

  it.each([
    ['a wrong column', 'id,prise\nx,1\n', 'Line 1 (the header): Unknown column "prise"; the columns are id, name, type, price, old price, stock'],
    ['no id column', 'name,price\nx,1\n', 'Line 1 (the header): The header must have an "id" column (export the products to get one)'],
    ['neither price nor stock', 'id,name\nx,y\n', 'Line 1 (the header): The header must have a "price" or a "stock" column'],
    ['a column twice', 'id,price,Price\nx,1,2\n', 'Line 1 (the header): The column "price" appears twice'],
    ['an empty file', '', 'The file is empty: export the products to get a file to edit'],
    ['a quote never closed', 'id,price\n"abc,1\n', expect.stringMatching(/^The file is not valid CSV \(line \d+\)/)],
    ['too many rows', `id,stock\n${Array.from({ length: 2001 }, () => `${randomUUID()},1`).join('\n')}\n`, 'The file has 2,001 rows; at most 2,000 can be imported at once'],
    ['a file too big', `id,name,stock\n${`${randomUUID()},${'x'.repeat(1000)},1\n`.repeat(600)}`, 'The file is too big: at most 512 KB can be imported at once'],
  ])('refuses %s with a 400 naming the problem, writing nothing', async (_name, csv, message) => {
    const before = await snapshot();
    const res = await upload(csv, false);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a request without a file, or a dryRun that is not true or false', async () => {
    const none = await shop.stack.request('/api/products-csv/import', { method: 'POST', headers: bearer(shop.admin), body: new FormData() });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: 'No file was sent: choose a CSV file (the multipart field "file")' });
    expect((await upload('id,price\n', 'yes' as unknown as boolean)).body).toEqual({ message: 'dryRun must be true or false' });
  });

  it('a dry run (the default) writes nothing; the import then writes every change at once, stock changes in the inventory history', async () => {
    // The public answer is cached first: only the catalog's change message can refresh it.
    await shop.stack.request(`/api/products/${products.gel.id}`);
    expect((await shop.stack.request(`/api/products/${products.gel.id}`)).headers.get('x-cache')).toBe('HIT');
    const csv = `ID,Stock,Price\n${products.gel.id},24,52.00\n${products.oil.id},1,\n${products.balm.id},,\n`;
    const before = await snapshot();
    const dry = await upload(csv);
    expect(dry.status).toBe(200);
    const expected = [
      { line: 2, product: products.gel.id, name: products.gel.name, field: 'price', from: 49.99, to: 52 },
      { line: 2, product: products.gel.id, name: products.gel.name, field: 'stock', from: 0, to: 24 },
      { line: 3, product: products.oil.id, name: products.oil.name, field: 'stock', from: 3, to: 1 },
    ];
    expect(dry.body).toEqual({ dryRun: true, applied: false, rows: 3, changes: expected, unchanged: 1, refused: [] });
    expect(await snapshot()).toEqual(before);

    const real = await upload(csv, false);
    expect(real.status).toBe(200);
    expect(real.body).toEqual({ dryRun: false, applied: true, rows: 3, changes: expected, unchanged: 1, refused: [] });
    const row = async (id: string) => (await shop.db.query('SELECT price_cents, count_in_stock FROM catalog.products WHERE id = $1', [id])).rows[0];
    expect(await row(products.gel.id)).toEqual({ price_cents: 5200, count_in_stock: 24 });
    expect(await row(products.oil.id)).toEqual({ price_cents: 7550, count_in_stock: 1 });
    expect((await snapshot()).movements).toBe(before.movements + 2);

    const history = async (id: string) => (await shop.stack.request(`/api/products/${id}/stock-movements`, { headers: bearer(shop.admin) })).body as StockMovement[];
    const actor = shop.stack.env.ADMIN_USERNAME ?? 'admin';
    expect(await history(products.gel.id)).toEqual([expect.objectContaining({ kind: 'import', change: 24, countAfter: 24, reason: 'CSV import', actor })]);
    expect(await history(products.oil.id)).toEqual([expect.objectContaining({ kind: 'import', change: -2, countAfter: 1, reason: 'CSV import', actor })]);

    // The shop shows the new price and stock at once.
    expect((await shop.stack.request(`/api/products/${products.gel.id}`)).body).toMatchObject({ price: 52, countInStock: 24 });
  });
});

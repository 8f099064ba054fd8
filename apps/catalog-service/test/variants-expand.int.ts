import { initializeWithMigrations, serviceDataSourceOptions, TransactionContext } from '@shop/server-database';
import { bootstrapTestDatabase, createTestDatabase, ShopDb, type TestDatabase } from '@shop/server-testing';
import type { DataSource } from 'typeorm';
import { CATALOG_MIGRATIONS } from '../src/migrations';
import { ProductVariantsExpand1766800028000 } from '../src/migrations/1766800028000-product-variants-expand';
import { ProductCsvRepository } from '../src/product-csv/product-csv.repository';
import { type ReservationMove, StockRepository } from '../src/stock/stock.repository';

// The expand migration and the ones before it: later migrations (issue 28's stock waits) build on its tables.
const EXPAND = CATALOG_MIGRATIONS.indexOf(ProductVariantsExpand1766800028000);
const PREVIOUS_RELEASE = CATALOG_MIGRATIONS.slice(0, EXPAND);
const WITH_EXPAND = CATALOG_MIGRATIONS.slice(0, EXPAND + 1);
const FIGURES = 'id, price_cents, oldprice_cents, count_in_stock, purchases, low_stock_alerted';
const OPTIONS = JSON.stringify([{ name: 'Size', values: [{ id: 's8', label: '8 oz' }, { id: 's16', label: '16 oz' }, { id: 's32', label: '32 oz' }] }]);

/**
 * Issue 28's expand migration (docs/plans/variants.md) on the real Postgres, run as the catalog's role: on a catalogue
 * the release before it filled through its own code (this release's stock code, which the migration leaves as it is),
 * then its triggers under that same code and under writes to variants.
 */
describe('product variants: the expand migration', () => {
  let database: TestDatabase;
  let catalogUrl: string;
  let catalog: DataSource;
  let db: ShopDb;
  let stock: StockRepository;
  let tx: TransactionContext;
  const orders: string[] = [];
  let deleted: string;
  let before: { products: unknown[]; lines: unknown[]; history: unknown[] };

  /** The catalog's data source as the service opens it, with these migrations run. */
  async function open(migrations: typeof CATALOG_MIGRATIONS): Promise<void> {
    await catalog?.destroy();
    catalog = await initializeWithMigrations(serviceDataSourceOptions({ url: catalogUrl, schema: 'catalog', entities: [], migrations, poolSize: 6 }));
    tx = new TransactionContext(catalog);
    stock = new StockRepository(tx);
  }

  /** An order of the shop as the stock service places it: reservation rows first, then each line's stock. */
  async function order(orderId: string, lines: Array<{ product: string; qty: number }>, ...moves: ReservationMove[]): Promise<void> {
    await tx.run(async () => {
      await stock.insertReservation(orderId, lines, 900);
      for (const line of lines) {
        const taken = await stock.take(line, true);
        if (!taken) throw new Error(`no stock for ${orderId}`);
        if (taken.count_in_stock <= 3) await stock.flagLowStock(line.product);
      }
    });
    for (const move of moves) await tx.run(() => stock.moveReservation(orderId, move));
    orders.push(orderId);
  }

  /** What reads of old orders and stock answer: every product's figures, each order's lines, each product's history. */
  async function snapshot(): Promise<typeof before> {
    const products = await db.query(`SELECT ${FIGURES} FROM catalog.products ORDER BY id`);
    const ids = products.rows.map((p: { id: string }) => p.id);
    return {
      products: products.rows,
      lines: await Promise.all(orders.map((id) => stock.reservedLines(id))),
      history: await Promise.all(ids.map((id: string) => stock.history(id, 50))),
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogUrl = (await bootstrapTestDatabase(database.url))['catalog-service'];
    db = await ShopDb.connect({ env: { DATABASE_URL: database.url } });
    await open(PREVIOUS_RELEASE);
    const [balm, butter, oil, gone] = [await db.product(12, 2500), await db.product(5, 4599), await db.product(30, 1250), await db.product(4, 999)];
    deleted = gone.id;
    await db.query('UPDATE catalog.products SET oldprice_cents = 5500 WHERE id = $1', [butter.id]);
    await order('ord-old-committed', [{ product: balm.id, qty: 2 }, { product: butter.id, qty: 1 }], 'committed');
    await order('ord-old-released', [{ product: oil.id, qty: 5 }], 'released');
    await order('ord-old-returned', [{ product: butter.id, qty: 2 }], 'committed', 'returned');
    await order('ord-old-open', [{ product: butter.id, qty: 2 }, { product: gone.id, qty: 3 }]);
    await tx.run(() => stock.restock(oil.id, 6, 100_000, 'Delivery', 'owner'));
    await tx.run(() => new ProductCsvRepository(tx).setStock(balm.id, 40, 30, 'CSV import', 'owner'));
    await db.query('UPDATE catalog.products SET deleted_at = now() WHERE id = $1', [gone.id]);
    before = await snapshot();
    await open(WITH_EXPAND);
  }, 60_000);

  afterAll(async () => {
    await catalog?.destroy();
    await db?.close();
    await database?.drop();
  });

  describe('on a catalogue of the release before', () => {
    it('gives every product, deleted ones too, exactly one variant: its own id, no options, its figures', async () => {
      expect((await db.query(`SELECT ${FIGURES} FROM catalog.product_variants ORDER BY id`)).rows).toEqual(before.products);
      const { rows } = await db.query(
        `SELECT v.id, v.product_id, v.value_ids, v.active, p.options, p.max_price_cents = p.price_cents AS max_is_price
           FROM catalog.product_variants v JOIN catalog.products p ON p.id = v.product_id`,
      );
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row).toEqual({ id: row.id, product_id: row.id, value_ids: [], active: true, options: [], max_is_price: true });
      expect(rows.map((r) => r.id)).toContain(deleted);
      expect(await db.variantDrift()).toEqual([]);
    });

    it("reads every old order's lines, the products' figures and the stock history as before, each row naming its variant", async () => {
      expect(await snapshot()).toEqual(before);
      for (const table of ['stock_reservations', 'stock_movements']) {
        const { rows } = await db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE variant_id = product_id)::int AS same FROM catalog.${table}`);
        expect(rows[0].n).toBeGreaterThan(0);
        expect(rows[0].same).toBe(rows[0].n);
      }
    });

    it('goes back down to the schema before, figures and orders unchanged, and up again', async () => {
      await catalog.undoLastMigration({ transaction: 'each' });
      const { rows } = await db.query(
        `SELECT to_regclass('catalog.product_variants') AS variants,
                (SELECT count(*)::int FROM information_schema.columns
                  WHERE table_schema = 'catalog' AND column_name IN ('options', 'max_price_cents', 'variant_id')) AS columns`,
      );
      expect(rows[0]).toEqual({ variants: null, columns: 0 });
      expect(await snapshot()).toEqual(before);
      await open(WITH_EXPAND);
      expect(await snapshot()).toEqual(before);
      expect(await db.variantDrift()).toEqual([]);
    });
  });

  describe('its triggers', () => {
    const variant = async (id: string) =>
      (await db.query(`SELECT ${FIGURES} FROM catalog.product_variants WHERE id = $1`, [id])).rows[0] as Record<string, unknown>;
    const figures = async (id: string) =>
      (await db.query(`SELECT ${FIGURES}, max_price_cents FROM catalog.products WHERE id = $1`, [id])).rows[0] as Record<string, unknown>;

    /** A product whose one Size option has three values: its implicit variant becomes 8 oz, and 16 oz and 32 oz are new rows. */
    async function withOptions(stockEach: [number, number, number], prices: [number, number, number]): Promise<{ id: string; variants: string[] }> {
      const { id } = await db.product(stockEach[0], prices[0]);
      await db.query('UPDATE catalog.products SET options = $2 WHERE id = $1', [id, OPTIONS]);
      await db.query(`UPDATE catalog.product_variants SET value_ids = '{s8}' WHERE id = $1`, [id]);
      const { rows } = await db.query(
        `INSERT INTO catalog.product_variants (product_id, value_ids, price_cents, count_in_stock, position)
         VALUES ($1, '{s16}', $2, $3, 1), ($1, '{s32}', $4, $5, 2) RETURNING id`,
        [id, prices[1], stockEach[1], prices[2], stockEach[2]],
      );
      return { id, variants: [id, ...rows.map((r) => r.id as string)] };
    }

    it("passes today's stock code's writes of a product to its variant: take, commit, flag, return, restock, CSV", async () => {
      const { id } = await db.product(6, 1800);
      expect(await variant(id)).toEqual({ id, price_cents: 1800, oldprice_cents: 0, count_in_stock: 6, purchases: 0, low_stock_alerted: false });
      await order('ord-new-1', [{ product: id, qty: 4 }], 'committed');
      expect(await variant(id)).toEqual({ id, price_cents: 1800, oldprice_cents: 0, count_in_stock: 2, purchases: 4, low_stock_alerted: true });
      await tx.run(() => stock.moveReservation('ord-new-1', 'returned'));
      await tx.run(() => stock.restock(id, 10, 100_000, null, 'owner'));
      const csv = new ProductCsvRepository(tx);
      await tx.run(() => csv.setPrice(id, 2100));
      expect(await variant(id)).toEqual({ id, price_cents: 2100, oldprice_cents: 0, count_in_stock: 16, purchases: 0, low_stock_alerted: false });
      expect(await figures(id)).toMatchObject({ price_cents: 2100, max_price_cents: 2100, count_in_stock: 16 });
      const { rows } = await db.query('SELECT variant_id FROM catalog.stock_movements WHERE product_id = $1', [id]);
      expect(rows).toEqual([{ variant_id: id }]);
      expect(await db.variantDrift()).toEqual([]);
    });

    it("keeps a product's figures from writes to its variants", async () => {
      const { id } = await db.product(6, 1800);
      await db.query('UPDATE catalog.product_variants SET count_in_stock = 9, price_cents = 1999, oldprice_cents = 2500 WHERE id = $1', [id]);
      expect(await figures(id)).toEqual({ id, price_cents: 1999, max_price_cents: 1999, oldprice_cents: 2500, count_in_stock: 9, purchases: 0, low_stock_alerted: false });
      expect(await tx.run(() => stock.take({ product: id, qty: 9 }))).toMatchObject({ price_cents: 1999, count_in_stock: 0 });
      expect(await db.variantDrift()).toEqual([]);
    });

    it('gives a product with options the lowest active price, the highest, and the sum of active stock', async () => {
      const { id, variants } = await withOptions([2, 5, 7], [2500, 3900, 5500]);
      expect(await figures(id)).toMatchObject({ price_cents: 2500, max_price_cents: 5500, count_in_stock: 14 });
      await db.query('UPDATE catalog.product_variants SET active = false WHERE id = $1', [variants[0]]);
      expect(await figures(id)).toMatchObject({ price_cents: 3900, max_price_cents: 5500, count_in_stock: 12 });
      await db.query('UPDATE catalog.product_variants SET deleted_at = now(), purchases = 3 WHERE id = $1', [variants[2]]);
      expect(await figures(id)).toMatchObject({ price_cents: 3900, max_price_cents: 3900, count_in_stock: 5, purchases: 3 });
      // Renaming it (a write of the product that leaves its figures alone) is still allowed.
      await db.query(`UPDATE catalog.products SET name = 'Mango Body Butter', price_cents = price_cents WHERE id = $1`, [id]);
      expect(await db.variantDrift()).toEqual([]);
    });

    it("refuses today's code a write of stock or price to a product with options (55000), and changes nothing", async () => {
      const { id } = await withOptions([2, 5, 7], [2500, 3900, 5500]);
      await expect(tx.run(() => stock.take({ product: id, qty: 1 }))).rejects.toMatchObject({ code: '55000', message: expect.stringMatching(/has options/) });
      await expect(tx.run(() => stock.restock(id, 1, 100_000, null, 'owner'))).rejects.toMatchObject({ code: '55000' });
      await expect(db.query('UPDATE catalog.products SET price_cents = 100 WHERE id = $1', [id])).rejects.toMatchObject({ code: '55000' });
      expect(await figures(id)).toMatchObject({ price_cents: 2500, count_in_stock: 14 });
      expect(await db.variantDrift()).toEqual([]);
    });

    it('gives a stock row that names only a variant its product', async () => {
      const { id, variants } = await withOptions([2, 5, 7], [2500, 3900, 5500]);
      await db.query(`INSERT INTO catalog.stock_reservations (order_id, variant_id, qty) VALUES ('ord-variant', $1, 1), ('ord-variant', $2, 2)`, [variants[1], variants[2]]);
      const { rows } = await db.query(`SELECT product_id, variant_id FROM catalog.stock_reservations WHERE order_id = 'ord-variant' ORDER BY qty`);
      expect(rows).toEqual([
        { product_id: id, variant_id: variants[1] },
        { product_id: id, variant_id: variants[2] },
      ]);
    });

    it('does not drift under parallel writes to the variants of one product', async () => {
      const { id, variants } = await withOptions([20, 20, 20], [2500, 3900, 5500]);
      const sell = (i: number) =>
        catalog.query('UPDATE catalog.product_variants SET count_in_stock = count_in_stock - 1, purchases = purchases + 1 WHERE id = $1', [variants[i % 3]]);
      await Promise.all(Array.from({ length: 45 }, (_, i) => sell(i)));
      expect(await figures(id)).toMatchObject({ count_in_stock: 15, purchases: 45 });
      expect(await db.variantDrift()).toEqual([]);
    });

    it('refuses to go back down once a product has options', async () => {
      await expect(catalog.undoLastMigration({ transaction: 'each' })).rejects.toThrow(/would be lost/);
      expect((await db.query(`SELECT to_regclass('catalog.product_variants') AS t`)).rows[0].t).toBe('catalog.product_variants');
    });
  });
});

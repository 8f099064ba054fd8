import type { Order, Product } from '@shop/contracts';
import { initializeWithMigrations, serviceDataSourceOptions } from '@shop/server-database';
import { adminToken, bearer, json, ShopDb, TestStack } from '@shop/server-testing';
import type { DataSource } from 'typeorm';
import { CATALOG_MIGRATIONS } from '../../catalog-service/src/migrations';
import { ORDER_MIGRATIONS } from '../../order-service/src/migrations';

/** The first migration of issue 28 (docs/plans/variants.md); every one before it is the previous release's. */
const VARIANTS_RELEASE = 1766800028000;
const beforeVariants = <T extends { name: string }>(migrations: T[]) => migrations.filter((m) => Number(/\d{13}$/.exec(m.name)?.[0]) < VARIANTS_RELEASE);

interface OldOrder {
  id: string;
  sql: unknown[];
  /** What the order reads as, priced as it was placed. */
  expected: Partial<Order>;
}

/**
 * Issue 28's migration test: a database built by the previous release's catalog and order migrations and filled
 * through that release's SQL (products, open, paid and delivered orders with their stock rows), then migrated by
 * starting today's services on it. Every old order reads as it was placed, priced the same, through today's API;
 * products answer one variant each; an old cart line without a variant prices the same; and the owner can give an
 * old product options, the open old order keeping its stock and blocking the removal of its value by name.
 */
describe('product variants: migrating an existing shop', () => {
  let stack: TestStack;
  let db: ShopDb;
  let admin: string;
  const products: Record<'oil' | 'butter' | 'balm', string> = { oil: '', butter: '', balm: '' };
  const orders: OldOrder[] = [];
  let before: Array<{ id: string; price_cents: number; count_in_stock: number; purchases: number }>;

  /** The previous release's schema of one app, filled by `fill` through that release's SQL. */
  async function previousRelease(url: string, schema: string, migrations: Array<{ name: string }>, fill: (ds: DataSource) => Promise<void>): Promise<void> {
    const ds = await initializeWithMigrations(serviceDataSourceOptions({ url, schema, entities: [], migrations: beforeVariants(migrations as never[]), poolSize: 2 }));
    try {
      await fill(ds);
    } finally {
      await ds.destroy();
    }
  }

  beforeAll(async () => {
    stack = await TestStack.start({
      services: ['catalog-service', 'order-service'],
      prepare: async (urls) => {
        await previousRelease(urls['catalog-service'], 'catalog', CATALOG_MIGRATIONS, async (ds) => {
          for (const [key, name, cents, stock] of [
            ['oil', 'Old Moringa Oil', 4500, 20],
            ['butter', 'Old Mango Butter', 12000, 8],
            ['balm', 'Old Guava Balm', 2500, 30],
          ] as const) {
            const [row] = await ds.query(
              `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type) VALUES ($1, $2, '/api/files/demo/mango-lip-balm.svg', 'Made before variants.', $3, 'Old Stock') RETURNING id`,
              [name, cents, stock],
            );
            products[key] = row.id;
          }
        });
        const line = (key: keyof typeof products, name: string, qty: number, priceCents: number) => ({ product: products[key], name, image: '/api/files/demo/mango-lip-balm.svg', qty, priceCents });
        const order = (id: string, items: ReturnType<typeof line>[], deliveryCents: number, columns: Record<string, unknown>, expected: Partial<Order>) => {
          const itemsCents = items.reduce((sum, l) => sum + l.qty * l.priceCents, 0);
          const discountCents = Number(columns.discount_cents ?? 0);
          orders.push({
            id,
            sql: [id, JSON.stringify(items), itemsCents, deliveryCents, itemsCents - discountCents + deliveryCents, columns],
            expected: {
              _id: id,
              orderItems: items.map((l) => ({ name: l.name, product: l.product, qty: l.qty, price: l.priceCents / 100, image: l.image })),
              itemsPrice: itemsCents / 100,
              deliveryCost: deliveryCents / 100,
              totalPrice: (itemsCents - discountCents + deliveryCents) / 100,
              ...expected,
            },
          });
        };
        order('0b5e1b9e-6c61-4c1e-9d55-000000000001', [line('oil', 'Old Moringa Oil', 2, 4500), line('butter', 'Old Mango Butter', 1, 12000)], 3500,
          { payment_method: 'in_person', payment_state: 'in_person', delivery_status: 'Preparing In Person Order', is_in_person: true, stock: 'reserved' },
          { state: 'in_person', isInPerson: true, isPaid: false, discount: null });
        order('0b5e1b9e-6c61-4c1e-9d55-000000000002', [line('balm', 'Old Guava Balm', 3, 2500)], 4000,
          { payment_method: 'card', payment_state: 'paid', delivery_status: 'Delivered', is_in_person: false, is_paid: true, paid_at: 'now()', is_delivered: true, delivered_at: 'now()',
            stock_state: 'committed', discount_code: 'GLOW10', discount_cents: 1000, delivery_area_name: 'North', delivery_area_days: '1-2 days', stock: 'committed' },
          { state: 'delivered', isPaid: true, isDelivered: true, discount: { code: 'GLOW10', amount: 10 }, deliveryArea: { name: 'North', estimatedDays: '1-2 days' } });
        // Placed at a price the owner has since changed: it keeps the price it was placed at.
        order('0b5e1b9e-6c61-4c1e-9d55-000000000003', [line('oil', 'Old Moringa Oil', 1, 4400)], 3500,
          { payment_method: 'card', payment_state: 'pending', delivery_status: 'Preparing Order', is_in_person: false, stock: 'reserved' },
          { state: 'awaiting_payment', isPaid: false, discount: null });
        await previousRelease(urls['order-service'], 'orders', ORDER_MIGRATIONS, async (ds) => {
          for (const { sql } of orders) {
            const [id, items, itemsCents, deliveryCents, totalCents, c] = sql as [string, string, number, number, number, Record<string, unknown>];
            await ds.query(
              `INSERT INTO orders.orders (id, visitor_id, fname, lname, email, phone, city, street, items, items_cents, delivery_cents, total_cents,
                                          payment_method, payment_state, delivery_status, is_in_person, is_paid, paid_at, is_delivered, delivered_at,
                                          stock_state, discount_code, discount_cents, delivery_area_name, delivery_area_days)
               VALUES ($1, 'uid-oldshopper01', 'Asha', 'Old', 'asha@example.com', '868-555-0101', 'Arima', '1 Old Road', $2, $3, $4, $5,
                       $6, $7, $8, $9, $10, CASE WHEN $10 THEN now() END, $11, CASE WHEN $11 THEN now() END, $12, $13, $14, $15, $16)`,
              [id, items, itemsCents, deliveryCents, totalCents, c.payment_method, c.payment_state, c.delivery_status, c.is_in_person, c.is_paid ?? false,
                c.is_delivered ?? false, c.stock_state ?? 'reserved', c.discount_code ?? null, c.discount_cents ?? 0, c.delivery_area_name ?? null, c.delivery_area_days ?? null],
            );
          }
        });
        await previousRelease(urls['catalog-service'], 'catalog', CATALOG_MIGRATIONS, async (ds) => {
          for (const { sql } of orders) {
            const [id, items, , , , c] = sql as [string, string, number, number, number, Record<string, unknown>];
            for (const l of JSON.parse(items) as Array<{ product: string; qty: number }>) {
              await ds.query(`INSERT INTO catalog.stock_reservations (order_id, product_id, qty, status) VALUES ($1, $2, $3, $4)`, [id, l.product, l.qty, c.stock]);
              const sold = c.stock === 'committed' ? ', purchases = purchases + $2' : '';
              await ds.query(`UPDATE catalog.products SET count_in_stock = count_in_stock - $2${sold} WHERE id = $1`, [l.product, l.qty]);
            }
          }
          // The owner changed the oil's price after the pending order was placed.
          await ds.query(`UPDATE catalog.products SET price_cents = 4500 WHERE id = $1`, [products.oil]);
        });
      },
    });
    db = await ShopDb.connect(stack);
    admin = await adminToken(stack);
    before = (await db.query(`SELECT id, price_cents, count_in_stock, purchases FROM catalog.products ORDER BY id`)).rows;
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await stack?.close();
  });

  it("ran today's migrations on the old database", async () => {
    const { rows } = await db.query(`SELECT name FROM catalog.migrations WHERE timestamp >= $1 ORDER BY timestamp`, [VARIANTS_RELEASE]);
    expect(rows.map((r) => r.name)).toEqual(CATALOG_MIGRATIONS.filter((m) => !beforeVariants([m]).length).map((m) => m.name));
    expect(rows.length).toBeGreaterThan(0);
    expect(await db.variantDrift()).toEqual([]);
  });

  it('reads every old order through the API as it was placed, priced the same', async () => {
    const numbers = (await db.query(`SELECT id, order_number FROM orders.orders`)).rows;
    expect(numbers).toHaveLength(orders.length);
    for (const { id, expected } of orders) {
      const res = await stack.request(`/api/orders/${id}`, { headers: bearer(admin) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...expected, orderNumber: `IG-${numbers.find((n) => n.id === id).order_number}` });
    }
    const list = await stack.request('/api/orders?pageSize=50', { headers: bearer(admin) });
    expect(list.status).toBe(200);
    expect((list.body as { orders: Order[] }).orders.map((o) => o._id).sort()).toEqual(orders.map((o) => o.id).sort());
  });

  it('answers each old product with no options and its one variant (its own id), its figures unchanged', async () => {
    for (const { id, price_cents, count_in_stock, purchases } of before) {
      const product = (await stack.request(`/api/products/${id}`)).body as Product;
      expect(product).toMatchObject({ options: [], price: price_cents / 100, maxPrice: price_cents / 100, countInStock: count_in_stock, purchases });
      expect(product.variants).toEqual([expect.objectContaining({ _id: id, valueIds: [], label: '', price: price_cents / 100, countInStock: count_in_stock })]);
    }
    expect(before.find((p) => p.id === products.oil)).toMatchObject({ count_in_stock: 17 });
    const { rows } = await db.query(`SELECT count(*) FILTER (WHERE variant_id = product_id)::int AS same, count(*)::int AS n FROM catalog.stock_reservations`);
    expect(rows[0].same).toBe(rows[0].n);
  });

  it('prices an old cart line (no variant) as before', async () => {
    const res = await stack.client.quote([{ product: products.butter, qty: 2 }, { product: products.oil, qty: 1 }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ itemsPrice: 285 });
  });

  it('lets the owner give an old product options: the open old order keeps its stock, reads the same, and blocks removing its value', async () => {
    const put = (options: unknown) =>
      stack.request(`/api/products/${products.butter}`, {
        method: 'PUT',
        ...json({ name: 'Old Mango Butter', price: 120, image: '/api/files/demo/mango-lip-balm.svg', description: 'Made before variants.', countInStock: 7, type: 'Old Stock', options }, bearer(admin)),
      });
    const sized = await put([{ name: 'Size', values: [{ label: '8 oz' }, { label: '16 oz' }] }]);
    expect(sized.status).toBe(200);
    expect((sized.body as Product).variants.map((v) => [v._id === products.butter, v.label, v.countInStock])).toEqual([
      [true, '8 oz', 7],
      [false, '16 oz', 0],
    ]);
    const open = orders[0];
    expect((await stack.request(`/api/orders/${open.id}`, { headers: bearer(admin) })).body).toMatchObject(open.expected);
    const [{ order_number }] = (await db.query(`SELECT order_number FROM orders.orders WHERE id = $1`, [open.id])).rows;
    const refused = await put([{ name: 'Size', values: [{ label: '16 oz' }] }]);
    expect(refused).toMatchObject({ status: 409, body: { message: `Open orders hold 8 oz: IG-${order_number}. Complete or cancel them before removing it.` } });
    expect(await db.variantDrift()).toEqual([]);
  });
});

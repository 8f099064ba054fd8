import { ensureSchema } from '@shop/server-database';
import { bootstrapTestDatabase, createTestDatabase, type TestDatabase, TestStack } from '@shop/server-testing';
import { Client } from 'pg';

/** The service and the role it connects as: one schema each (scripts/lib/db-roles.mjs). */
const OWNERS = {
  'api-gateway': { role: 'shop_gateway', schema: 'identity', table: 'admin_users' },
  'catalog-service': { role: 'shop_catalog', schema: 'catalog', table: 'products' },
  'order-service': { role: 'shop_order', schema: 'orders', table: 'orders' },
  'payment-service': { role: 'shop_payment', schema: 'payments', table: 'transactions' },
  'notification-service': { role: 'shop_notification', schema: 'notifications', table: 'mails' },
} as const;
type App = keyof typeof OWNERS;
const APPS = Object.keys(OWNERS) as App[];

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The SQLSTATE a statement fails with, or 'ok'. */
async function outcome(client: Client, sql: string): Promise<string> {
  try {
    await client.query(sql);
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

/** Least privilege on Postgres: each service connects as its own role, owns its schema and nothing else. */
describe('database roles', () => {
  describe('the running stack', () => {
    let stack: TestStack;
    let admin: Client;
    const asApp = {} as Record<App, Client>;

    beforeAll(async () => {
      stack = await TestStack.start({ env: { LOG_LEVEL: 'info' } });
      admin = await connect(stack.env.DATABASE_URL);
      for (const app of APPS) asApp[app] = await connect(stack.appDatabaseUrls[app]);
    }, 90_000);

    afterAll(async () => {
      await Promise.all(Object.values(asApp).map((c) => c.end()));
      await admin?.end();
      await stack?.close();
    });

    it('runs every service as its own role, not as a superuser', async () => {
      const { rows } = await admin.query<{ usename: string; application_name: string; rolsuper: boolean }>(
        `SELECT DISTINCT a.usename, a.application_name, r.rolsuper FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename
          WHERE a.datname = current_database() AND a.application_name = ANY($1)`,
        [APPS.map((app) => OWNERS[app].schema)],
      );
      const bySchema = Object.fromEntries(rows.map((r) => [r.application_name, r.usename]));
      for (const app of APPS) expect([app, bySchema[OWNERS[app].schema]]).toEqual([app, OWNERS[app].role]);
      expect(rows.some((r) => r.rolsuper)).toBe(false);
    });

    it("ran each service's migrations as its role: every table, sequence and function of a schema is its role's", async () => {
      for (const app of APPS) {
        const { role, schema, table } = OWNERS[app];
        const { rows } = await admin.query<{ name: string; owner: string }>(
          `SELECT c.relname AS name, pg_get_userbyid(c.relowner) AS owner FROM pg_class c
            WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
           UNION ALL
           SELECT p.proname, pg_get_userbyid(p.proowner) FROM pg_proc p WHERE p.pronamespace = $1::regnamespace`,
          [schema],
        );
        const names = rows.map((r) => r.name);
        expect(names).toEqual(expect.arrayContaining(['migrations', table]));
        expect(rows.filter((r) => r.owner !== role)).toEqual([]);
        const migrations = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.migrations`);
        expect(migrations.rows[0].n).toBeGreaterThan(0);
        const owner = await admin.query(`SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1`, [schema]);
        expect(owner.rows[0].owner).toBe(role);
      }
    });

    it("refuses the catalog's role any read or write of the orders schema (permission denied, 42501)", async () => {
      const catalog = asApp['catalog-service'];
      expect(await outcome(catalog, 'SELECT count(*) FROM catalog.products')).toBe('ok');
      expect(await outcome(catalog, 'SELECT * FROM orders.orders LIMIT 1')).toBe('42501');
      expect(await outcome(catalog, "UPDATE orders.orders SET status = 'cancelled'")).toBe('42501');
      expect(await outcome(catalog, 'DELETE FROM orders.orders')).toBe('42501');
      expect(await outcome(catalog, 'INSERT INTO orders.outbox DEFAULT VALUES')).toBe('42501');
      expect(await outcome(catalog, 'CREATE TABLE orders.planted (id int)')).toBe('42501');
      expect(await outcome(catalog, 'DROP TABLE orders.orders')).toBe('42501');
      // Nor can it grant itself a way in, or make room elsewhere.
      expect(await outcome(catalog, 'GRANT USAGE ON SCHEMA orders TO shop_catalog')).not.toBe('ok');
      expect(await outcome(catalog, 'CREATE SCHEMA planted')).toBe('42501');
      expect(await outcome(catalog, 'CREATE TABLE public.planted (id int)')).toBe('42501');
      expect((await admin.query(`SELECT to_regclass('orders.planted') AS t`)).rows[0].t).toBeNull();
    });

    it("refuses every role the other services' tables", async () => {
      const refused: string[] = [];
      const allowed: string[] = [];
      for (const app of APPS) {
        for (const other of APPS) {
          const { schema, table } = OWNERS[other];
          const result = await outcome(asApp[app], `SELECT 1 FROM ${schema}.${table} LIMIT 1`);
          (result === 'ok' ? allowed : refused).push(`${OWNERS[app].role} -> ${schema}: ${result}`);
        }
      }
      expect(allowed).toEqual(APPS.map((app) => `${OWNERS[app].role} -> ${OWNERS[app].schema}: ok`));
      expect(refused.every((line) => line.endsWith(': 42501'))).toBe(true);
      expect(refused).toHaveLength(APPS.length * (APPS.length - 1));
    });
  });

  describe('the bootstrap', () => {
    let database: TestDatabase;
    let admin: Client;

    beforeEach(async () => {
      database = await createTestDatabase();
      admin = await connect(database.url);
    });

    afterEach(async () => {
      await admin.end();
      await database.drop();
    });

    it('takes over a schema an older install filled as the superuser, and changes nothing on a second run', async () => {
      await admin.query(`CREATE SCHEMA orders`);
      await admin.query(`CREATE TABLE orders.orders (id serial PRIMARY KEY, note text)`);
      await admin.query(`CREATE SEQUENCE orders.order_number_seq`);
      await admin.query(`CREATE FUNCTION orders.answer() RETURNS int LANGUAGE sql AS 'SELECT 42'`);
      await admin.query(`INSERT INTO orders.orders (note) VALUES ('kept')`);

      const urls = await bootstrapTestDatabase(database.url);
      const owners = async () =>
        (
          await admin.query<{ name: string; owner: string }>(
            `SELECT c.relname AS name, pg_get_userbyid(c.relowner) AS owner FROM pg_class c WHERE c.relnamespace = 'orders'::regnamespace AND c.relkind IN ('r', 'S')
             UNION ALL SELECT p.proname, pg_get_userbyid(p.proowner) FROM pg_proc p WHERE p.pronamespace = 'orders'::regnamespace
             UNION ALL SELECT nspname, pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'orders' ORDER BY 1`,
          )
        ).rows;
      const first = await owners();
      expect(first).toEqual([
        { name: 'answer', owner: 'shop_order' },
        { name: 'order_number_seq', owner: 'shop_order' },
        { name: 'orders', owner: 'shop_order' },
        { name: 'orders', owner: 'shop_order' },
        { name: 'orders_id_seq', owner: 'shop_order' },
      ]);

      const order = await connect(urls['order-service']);
      const catalog = await connect(urls['catalog-service']);
      try {
        expect((await order.query(`INSERT INTO orders.orders (note) VALUES ('new') RETURNING id`)).rows[0].id).toBe(2);
        expect((await order.query(`SELECT nextval('orders.order_number_seq')::int AS n`)).rows[0].n).toBe(1);
        expect(await outcome(catalog, 'SELECT note FROM orders.orders')).toBe('42501');
      } finally {
        await order.end();
        await catalog.end();
      }

      await bootstrapTestDatabase(database.url);
      expect(await owners()).toEqual(first);
      const notes = await admin.query(`SELECT note FROM orders.orders ORDER BY id`);
      expect(notes.rows.map((r) => r.note)).toEqual(['kept', 'new']);
    });

    it('gives no role the right to create a schema: a missing one fails the start with what to run', async () => {
      const urls = await bootstrapTestDatabase(database.url);
      await admin.query('DROP SCHEMA orders CASCADE');
      await expect(ensureSchema(urls['order-service'], 'orders')).rejects.toThrow(/run the database bootstrap \(npm run db:bootstrap\)/);
      expect((await admin.query(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'orders'`)).rows[0].n).toBe(0);
    });
  });
});

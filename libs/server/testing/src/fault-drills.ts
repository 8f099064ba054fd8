import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { type Answer, eventually, visitor } from './shop-client';
import type { StackApp, TestStack } from './test-stack';

/** Places an in-person order through the gateway (an e-mail of the visitor's own); a request that gets no answer at all counts as status 0. */
export async function placeInPerson(stack: TestStack, productId: string, qty: number, key?: string, visitorId = visitor()): Promise<Answer> {
  try {
    return await stack.client.placeOrder(visitorId, [{ product: productId, qty }], { inPerson: true, key, extra: { email: `${visitorId}@example.com` } });
  } catch {
    return { status: 0, body: undefined, headers: new Headers() };
  }
}

/**
 * Places in-person orders from `workers` loops, one after the other in each, until stopped; keeps every
 * answer. Quantities cycle 1, 2, 3 so that a lost reservation shows in the stock arithmetic.
 */
export class OrderLoop {
  readonly answers: Answer[] = [];
  private stopped = false;
  private readonly loops: Promise<void>[];

  constructor(
    private readonly stack: TestStack,
    private readonly productId: string,
    workers = 3,
  ) {
    this.loops = Array.from({ length: workers }, (_, w) => this.run(w));
  }

  get placed(): number {
    return this.answers.filter((a) => a.status === 201).length;
  }

  /** Waits until `n` more orders than now were placed (or the time is up: the caller's checks then fail). */
  async placeMore(n: number, timeoutMs = 60_000): Promise<void> {
    const target = this.placed + n;
    await until(() => this.placed, (p) => p >= target, timeoutMs);
  }

  async stop(): Promise<Answer[]> {
    this.stopped = true;
    await Promise.all(this.loops);
    return this.answers;
  }

  private async run(worker: number): Promise<void> {
    for (let i = 0; !this.stopped; i++) {
      const answer = await placeInPerson(this.stack, this.productId, ((worker + i) % 3) + 1);
      this.answers.push(answer);
      // A refused request comes back at once: do not spin while a service is away.
      if (answer.status !== 201) await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * `eventually` with the drills' 30 s default.
 * @deprecated use `eventually` (shop-client.ts); kept for the tests that still import it.
 */
export function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  return eventually(read, ok, timeoutMs);
}

/** The stock of one product as the three places that hold it see it. */
export interface StockBalance {
  start: number;
  inStock: number;
  sold: number;
  /** Units reserved for orders that are stored. */
  reservedByOrders: number;
  /** Units reserved under ids with no stored order (waiting for the stock sweeper, or leaked). */
  reservedWithoutOrder: number;
  /** Units in stored orders: each must be reserved (or sold) for it. */
  inOrders: number;
  /** start - (in stock + reserved by stored orders + sold): 0 when nothing leaked. */
  leaked: number;
}

/** Direct access to the stack's own database, for fixtures and for checking what the services did. */
export class FaultDb {
  private constructor(readonly client: Client) {}

  static async connect(stack: TestStack): Promise<FaultDb> {
    const client = new Client({ connectionString: stack.env.DATABASE_URL, application_name: 'fault-drill' });
    await client.connect();
    return new FaultDb(client);
  }

  async product(stock: number): Promise<string> {
    const { rows } = await this.client.query(
      `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
       VALUES ($1, 1500, '/api/files/demo/mango-lip-balm.svg', 'A drill balm', $2, 'Lip Balm') RETURNING id`,
      [`Drill balm ${randomUUID().slice(0, 8)}`, stock],
    );
    return rows[0].id;
  }

  async balance(productId: string, start: number): Promise<StockBalance> {
    const { rows } = await this.client.query(
      `SELECT p.count_in_stock AS in_stock, p.purchases AS sold,
              (SELECT coalesce(sum(r.qty), 0) FROM catalog.stock_reservations r
                WHERE r.product_id = p.id AND r.status = 'reserved' AND EXISTS (SELECT 1 FROM orders.orders o WHERE o.id::text = r.order_id))::int AS by_orders,
              (SELECT coalesce(sum(r.qty), 0) FROM catalog.stock_reservations r
                WHERE r.product_id = p.id AND r.status = 'reserved' AND NOT EXISTS (SELECT 1 FROM orders.orders o WHERE o.id::text = r.order_id))::int AS without_order,
              (SELECT coalesce(sum((i->>'qty')::int), 0) FROM orders.orders o, jsonb_array_elements(o.items) i WHERE i->>'product' = p.id::text)::int AS in_orders
         FROM catalog.products p WHERE p.id = $1`,
      [productId],
    );
    const r = rows[0];
    const inStock = Number(r.in_stock);
    const sold = Number(r.sold);
    return {
      start,
      inStock,
      sold,
      reservedByOrders: r.by_orders,
      reservedWithoutOrder: r.without_order,
      inOrders: r.in_orders,
      leaked: start - (inStock + r.by_orders + sold),
    };
  }

  /** Ends every connection to the stack's database but this one: the services' pools and listeners. Only this test's database is touched. */
  async terminateServiceConnections(): Promise<number> {
    const { rows } = await this.client.query(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  }

  async unpublishedEvents(): Promise<number> {
    const { rows } = await this.client.query('SELECT count(*)::int AS n FROM orders.outbox WHERE published_at IS NULL');
    return rows[0].n;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** True while every process the stack started (and did not stop on purpose) is still running. */
export function allRunning(stack: TestStack, apps: StackApp[]): boolean {
  return apps.every((app) => stack.running(app).length > 0);
}

import { randomBytes, randomUUID } from 'node:crypto';
import { json, type TestStack } from '@shop/server-testing';
import { Client } from 'pg';

// The stack's request helpers, for the tests that import them from here.
export { json, sandboxPay, sendPaymentResult } from '@shop/server-testing';

/** A fresh visitor id ('uid-' + 12 characters). */
export function visitor(): string {
  return `uid-${randomBytes(9).toString('base64url').slice(0, 12)}`;
}

/** Valid checkout fields (spec section 5) for a visitor. */
export function customer(id: string): Record<string, string> {
  return { id, fname: 'Asha', lname: "O'Brien", email: 'asha@example.com', phone: '8685551234', city: 'Port of Spain', street: '12 Frederick St.' };
}

/** Direct database access for fixtures and for checking stock. */
export class ShopDb {
  constructor(readonly client: Client) {}

  static async connect(stack: TestStack): Promise<ShopDb> {
    const client = new Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    return new ShopDb(client);
  }

  async product(stock: number, priceCents = 2500): Promise<{ id: string; name: string }> {
    const name = `Test balm ${randomUUID().slice(0, 8)}`;
    const { rows } = await this.client.query(
      `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
       VALUES ($1, $2, '/api/files/demo/mango-lip-balm.svg', 'A test balm', $3, 'Lip Balm') RETURNING id`,
      [name, priceCents, stock],
    );
    return { id: rows[0].id, name };
  }

  async stock(id: string): Promise<{ count_in_stock: number; purchases: number }> {
    const { rows } = await this.client.query('SELECT count_in_stock, purchases FROM catalog.products WHERE id = $1', [id]);
    return rows[0];
  }

  async orderCount(): Promise<number> {
    const { rows } = await this.client.query('SELECT count(*)::int AS n FROM orders.orders');
    return rows[0].n;
  }

  async reservation(orderId: string): Promise<string | undefined> {
    const { rows } = await this.client.query('SELECT status FROM catalog.stock_reservations WHERE order_id = $1 LIMIT 1', [orderId]);
    return rows[0]?.status;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** Polls until `check` holds or the time is up; answers the last value. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** Places an order through the gateway. */
export function placeOrder(
  stack: TestStack,
  visitorId: string,
  items: Array<{ product: string; qty: number; confirmedPrice?: number }>,
  options: { inPerson?: boolean; key?: string; extra?: Record<string, unknown> } = {},
) {
  const headers: Record<string, string> = { 'x-visitor-id': visitorId };
  if (options.key) headers['idempotency-key'] = options.key;
  return stack.request(options.inPerson ? '/api/orders/inperson' : '/api/orders', {
    method: 'POST',
    ...json({ ...customer(visitorId), orderItems: items, ...options.extra }, headers),
  });
}

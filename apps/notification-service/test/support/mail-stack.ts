import { randomBytes } from 'node:crypto';
import type { Order } from '@shop/contracts';
import { json, TestStack, type TestStackOptions } from '@shop/server-testing';
import { Client } from 'pg';
import { OrderEventPublisher } from './order-events';
import { TestSmtpServer } from './test-smtp';

/** The owner's mailbox in these tests. */
export const OWNER = 'owner@islandglow.test';

/** The admin account a test signs in with (each test file its own). */
export interface AdminAccount {
  ADMIN_USERNAME: string;
  ADMIN_PASSWORD: string;
}

/**
 * The real stack as the mail tests use it: a real SMTP server that parses every mail, the stack mailing it
 * (the owner at OWNER), a Postgres client on the stack's database, and the owner signed in.
 */
export class MailStack {
  stack!: TestStack;
  smtp!: TestSmtpServer;
  db!: Client;
  /** The owner's Authorization header. */
  admin!: Record<string, string>;
  private publisher: OrderEventPublisher | undefined;

  private constructor() {}

  /**
   * The stack of a test file: started before its tests (its own beforeAll hooks run after this one) and closed
   * after them. `options` may be a function, for what the file's earlier hooks make (e.g. its own Redis).
   * `env` goes over the mail settings (SMTP_URL, SHOP_OWNER_EMAIL) and the admin account.
   */
  static forTests(account: AdminAccount, options: TestStackOptions | (() => TestStackOptions) = {}): MailStack {
    const shop = new MailStack();
    beforeAll(() => shop.start(account, typeof options === 'function' ? options() : options), 90_000);
    afterAll(() => shop.close());
    return shop;
  }

  /** Order events published as the order service's relay does, on this stack's stream (made on first use). */
  get events(): OrderEventPublisher {
    this.publisher ??= new OrderEventPublisher(this.stack.env.NATS_URL, this.stack.env.NATS_SUBJECT_PREFIX);
    return this.publisher;
  }

  private async start(account: AdminAccount, options: TestStackOptions): Promise<void> {
    this.smtp = new TestSmtpServer();
    await this.smtp.start();
    this.stack = await TestStack.start({ ...options, env: { ...account, SMTP_URL: this.smtp.url, SHOP_OWNER_EMAIL: OWNER, ...options.env } });
    this.db = new Client({ connectionString: this.stack.env.DATABASE_URL });
    await this.db.connect();
    const login = await this.stack.request('/api/users/login', { method: 'POST', ...json({ username: account.ADMIN_USERNAME, password: account.ADMIN_PASSWORD }) });
    this.admin = { authorization: `Bearer ${login.body.token}` };
  }

  private async close(): Promise<void> {
    await this.publisher?.close();
    await this.db?.end();
    await this.stack?.close();
    await this.smtp?.stop();
  }
}

/** A visitor id as the storefront makes one. */
export const visitorId = (): string => `uid-${randomBytes(9).toString('base64url').slice(0, 12)}`;

/** A product put straight into the catalog's table: its id. */
export async function insertProduct(db: Client, product: { name: string; cents: number; stock: number; description?: string; type?: string }): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
     VALUES ($1, $2, '/api/files/demo/mango-lip-balm.svg', $3, $4, $5) RETURNING id`,
    [product.name, product.cents, product.description ?? 'Whipped shea', product.stock, product.type ?? 'Hair Care'],
  );
  return rows[0].id as string;
}

/** A shopper's order through the gateway, as the storefront's checkout sends it: the answer (not yet checked) and the visitor. */
export async function placeOrder(stack: TestStack, order: { inPerson: boolean; customer: Record<string, string>; items: Array<{ product: string; qty: number }> }) {
  const id = visitorId();
  const res = await stack.request(order.inPerson ? '/api/orders/inperson' : '/api/orders', {
    method: 'POST',
    ...json({ id, ...order.customer, orderItems: order.items }, { 'x-visitor-id': id }),
  });
  return { ...res, visitorId: id };
}

/** One shopper's order of `qty` of one product, as the checkout sends it, checked as placed (201): the order answered, and the visitor. */
export async function placeShopperOrder(
  stack: TestStack,
  order: { email: string; productId: string; qty?: number; inPerson?: boolean },
): Promise<Order & { visitorId: string }> {
  const res = await placeOrder(stack, {
    inPerson: order.inPerson ?? false,
    customer: { fname: 'Shanice', lname: 'Ali', email: order.email, phone: '8685551234', city: 'Chaguanas', street: '7 Main Road' },
    items: [{ product: order.productId, qty: order.qty ?? 1 }],
  });
  expect(res.status).toBe(201);
  return { ...(res.body as Order), visitorId: res.visitorId };
}

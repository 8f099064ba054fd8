import { randomBytes } from 'node:crypto';
import { json, TestStack, type TestStackOptions } from '@shop/server-testing';
import { Client } from 'pg';
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
  private constructor(
    readonly stack: TestStack,
    readonly smtp: TestSmtpServer,
    readonly db: Client,
    /** The owner's Authorization header. */
    readonly admin: Record<string, string>,
  ) {}

  /** `env` goes over the mail settings (SMTP_URL, SHOP_OWNER_EMAIL) and the admin account. */
  static async start(account: AdminAccount, options: TestStackOptions = {}): Promise<MailStack> {
    const smtp = new TestSmtpServer();
    await smtp.start();
    const stack = await TestStack.start({ ...options, env: { ...account, SMTP_URL: smtp.url, SHOP_OWNER_EMAIL: OWNER, ...options.env } });
    const db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    const login = await stack.request('/api/users/login', { method: 'POST', ...json({ username: account.ADMIN_USERNAME, password: account.ADMIN_PASSWORD }) });
    return new MailStack(stack, smtp, db, { authorization: `Bearer ${login.body.token}` });
  }

  async close(): Promise<void> {
    await this.db.end();
    await this.stack.close();
    await this.smtp.stop();
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

import { type Answer, FaultDb, OrderLoop, TestStack, until } from '@shop/server-testing';
import { TestSmtpServer } from './support/test-smtp';

const OWNER = 'owner@drill.test';
const START = 3000;

interface StoredOrder {
  id: string;
  ref: string;
  email: string;
}

/**
 * Fault drill 2: the order service is killed (SIGKILL) while in-person orders are placed in a steady loop, once at
 * a random moment and once between an order's commit and its event's publish, then started again. Every event
 * goes out, every mail is sent once, and the stock balances: in stock + reserved by stored orders + sold = the
 * starting stock, once the reservation time (STOCK_HOLD_SECONDS, short here) of orders never written is over.
 */
describe('drill: order service killed while orders are placed', () => {
  let stack: TestStack;
  let smtp: TestSmtpServer;
  let db: FaultDb;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    stack = await TestStack.start({
      env: {
        LOG_LEVEL: 'info',
        SEED_DEMO_DATA: 'false',
        ORDER_RATE_LIMIT: '0',
        SMTP_URL: smtp.url,
        SHOP_OWNER_EMAIL: OWNER,
        STOCK_HOLD_SECONDS: '8',
        STOCK_SWEEP_SECONDS: '1',
      },
    });
    db = await FaultDb.connect(stack);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await stack?.close();
    await smtp?.stop();
  });

  const ordersOf = async (product: string): Promise<StoredOrder[]> => {
    const { rows } = await db.client.query(
      `SELECT id, 'IG-' || order_number AS ref, email FROM orders.orders o
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(o.items) i WHERE i->>'product' = $1)`,
      [product],
    );
    return rows;
  };
  const mailsOf = (order: StoredOrder) => ({
    shopper: smtp.received.filter((m) => m.envelopeTo.includes(order.email.toLowerCase()) && m.subject.includes(`order ${order.ref} `)).length,
    owner: smtp.received.filter((m) => m.envelopeTo.includes(OWNER) && m.subject.includes(`New order ${order.ref}:`)).length,
  });
  const duplicateMessageIds = () => {
    const seen = new Map<string, number>();
    for (const m of smtp.received) seen.set(`${m.messageId}|${m.envelopeTo.join(',')}`, (seen.get(`${m.messageId}|${m.envelopeTo.join(',')}`) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1);
  };

  /** After the restart: every event published, both mails of every stored order sent exactly once, no stock leaked. */
  const expectRecovered = async (product: string, answers: Answer[]) => {
    // Only orders and 503s: a request that reached the dead service fails fast or times out as a 503.
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(await until(() => db.unpublishedEvents(), (n) => n === 0, 30_000)).toBe(0);
    const orders = await ordersOf(product);
    // Every order the shopper was told about is stored.
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.body?._id);
    const stored = new Set(orders.map((o) => o.id));
    expect(accepted.filter((id) => !stored.has(String(id)))).toEqual([]);
    const allMailed = () => orders.every((o) => mailsOf(o).shopper >= 1 && mailsOf(o).owner >= 1);
    await until(allMailed, (ok) => ok, 60_000);
    // The mail log has settled (nothing queued), so a double would have arrived by now.
    await until(
      async () => (await db.client.query(`SELECT count(*)::int AS n FROM notifications.mails WHERE status <> 'sent'`)).rows[0].n,
      (n) => n === 0,
      30_000,
    );
    expect(orders.map(mailsOf).filter((m) => m.shopper !== 1 || m.owner !== 1)).toEqual([]);
    expect(duplicateMessageIds()).toEqual([]);
    const balance = await until(() => db.balance(product, START), (b) => b.leaked === 0 && b.reservedWithoutOrder === 0, 60_000);
    expect(balance).toMatchObject({ leaked: 0, reservedWithoutOrder: 0, sold: 0 });
    expect(balance.reservedByOrders).toBe(balance.inOrders);
    expect(balance.inStock + balance.reservedByOrders + balance.sold).toBe(START);
  };

  /** Ids holding stock of the product with no stored order (the order service reserved, the order is not written). */
  const heldWithoutOrder = async (product: string): Promise<string[]> => {
    const { rows } = await db.client.query(
      `SELECT DISTINCT r.order_id FROM catalog.stock_reservations r
        WHERE r.product_id = $1 AND r.status = 'reserved' AND NOT EXISTS (SELECT 1 FROM orders.orders o WHERE o.id::text = r.order_id)`,
      [product],
    );
    return rows.map((r) => r.order_id);
  };

  /**
   * Freezes the order service (SIGSTOP) at random moments until `look` finds what the drill wants, then kills it
   * (SIGKILL) right there. A statement the service sent just before the freeze may still land, so `look` is asked
   * again once the dead service's database sessions are gone; if it no longer holds, the service starts again and
   * the search goes on. Answers what `look` found after the kill.
   */
  const killWhen = async <T>(look: () => Promise<T[]>): Promise<T[]> => {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const proc = stack.running('order-service')[0];
      proc.child.kill('SIGSTOP');
      if ((await look()).length === 0) {
        proc.child.kill('SIGCONT');
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
        continue;
      }
      await proc.stop('SIGKILL');
      await until(
        async () => (await db.client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'orders'`)).rows[0].n,
        (n) => n === 0,
        15_000,
      );
      const found = await look();
      if (found.length > 0) return found;
      await stack.startApp('order-service');
    }
    return [];
  };

  /**
   * Places `batch` orders of the product in a steady loop, kills the order service where `look` finds what the drill
   * wants, starts it again and places `batch` more; then checks the recovery. Answers what `look` found at the kill.
   */
  const killWhilePlacing = async <T>(product: string, loop: OrderLoop, batch: number, look: () => Promise<T[]>): Promise<T[]> => {
    let answers: Answer[] = [];
    let found: T[] = [];
    try {
      await loop.placeMore(batch);
      found = await killWhen(look);
      expect(found.length).toBeGreaterThan(0);
      await stack.startApp('order-service');
      await loop.placeMore(batch);
    } finally {
      // Never leave a frozen process behind (the stack's close would wait for it).
      for (const p of stack.running('order-service')) p.child.kill('SIGCONT');
      answers = await loop.stop();
    }
    await expectRecovered(product, answers);
    return found;
  };

  it('recovers from a SIGKILL in the middle of placing orders, with stock reserved for orders not yet written', async () => {
    const product = await db.product(START);
    // Killed while stock is reserved for orders it has not written yet.
    const heldAtKill = await killWhilePlacing(product, new OrderLoop(stack, product), 15, () => heldWithoutOrder(product));
    // The reservations of the orders the killed service never wrote were settled as abandoned and released.
    const { rows } = await db.client.query(
      `SELECT r.order_id, r.status, EXISTS (SELECT 1 FROM orders.abandoned_orders a WHERE a.id = r.order_id) AS abandoned
         FROM catalog.stock_reservations r WHERE r.order_id = ANY($1::text[]) AND r.product_id = $2`,
      [heldAtKill, product],
    );
    expect(rows).toEqual(heldAtKill.map(() => expect.objectContaining({ status: 'released', abandoned: true })));
    expect(rows).toHaveLength(heldAtKill.length);
  }, 240_000);

  it('publishes the event of an order committed right before a SIGKILL, once the service is back', async () => {
    const product = await db.product(START);
    // Killed while an order is committed and its event not yet published.
    await killWhilePlacing(product, new OrderLoop(stack, product, 4), 5, async () => (await db.client.query('SELECT id FROM orders.outbox WHERE published_at IS NULL')).rows);
  }, 240_000);
});

import { randomUUID } from 'node:crypto';
import { json, OwnRedisServer } from '@shop/server-testing';
import { insertProduct, MailStack, OWNER, placeShopperOrder } from './support/mail-stack';
import { waitUntil } from './support/test-smtp';

const ADMIN = { ADMIN_USERNAME: 'redis-owner', ADMIN_PASSWORD: 'redis-owner-pass-1' };
const START_STOCK = 20;


/**
 * Drill 4: the stack runs on a Redis of its own, which is killed and started again empty while mails wait for
 * an SMTP retry and stock jobs wait for a catalog that is away. The sweepers find the lost work in Postgres:
 * every mail is sent once, every stock commit and release happens once.
 */
describe('drill 4: Redis restarted empty', () => {
  let redis: OwnRedisServer;
  beforeAll(async () => {
    redis = await OwnRedisServer.start();
  });
  const shop = MailStack.forTests(ADMIN, () => ({
    redisUrl: redis.url,
    env: {
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      // A refused mail waits ten minutes for its next attempt: only the sweep can bring it back sooner.
      MAIL_RETRY_ATTEMPTS: '3',
      MAIL_RETRY_BASE_MS: '600000',
      MAIL_SWEEP_SECONDS: '2',
      ORDER_SWEEP_SECONDS: '2',
    },
  }));
  let productId: string;

  beforeAll(async () => {
    productId = await insertProduct(shop.db, { name: `Redis Butter ${randomUUID().slice(0, 6)}`, cents: 4000, stock: START_STOCK });
  }, 90_000);

  afterAll(async () => {
    await redis?.stop();
  });

  const place = (email: string) => placeShopperOrder(shop.stack, { email, productId, qty: 2, inPerson: true });
  const mails = async (orderIds: string[]) =>
    (await shop.db.query('SELECT id, recipient, kind, status, attempts FROM notifications.mails WHERE order_id = ANY($1) ORDER BY kind, recipient', [orderIds])).rows as Array<{
      id: string;
      recipient: string;
      kind: string;
      status: string;
      attempts: number;
    }>;
  const stockState = async (orderId: string) => (await shop.db.query('SELECT stock_state FROM orders.orders WHERE id = $1', [orderId])).rows[0]?.stock_state as string;
  const stockMoves = (orderId: string) =>
    shop.stack
      .running('order-service')
      .flatMap((p) => p.lines)
      .filter((l) => l.msg === 'stock job done' && l.orderId === orderId && l.changed === true);

  it('every waiting mail is sent once and every stock commit or release happens once', async () => {
    shop.smtp.policy = () => ({ code: 451, message: '4.3.0 Try again later' });
    const kept = await place('redis.kept@shopper.test');
    const dropped = await place('redis.dropped@shopper.test');
    const ids = [kept._id, dropped._id];
    // Both orders' two mails were tried once and wait (in Redis) for a retry ten minutes away.
    await waitUntil(async () => {
      const rows = await mails(ids);
      return rows.length === 4 && rows.every((m) => m.status === 'queued' && m.attempts === 1);
    }, 'four refused mails waiting for their retry');

    // The catalog goes away: the stock jobs of a delivered and a cancelled order wait in Redis.
    const [catalog] = shop.stack.running('catalog-service');
    expect(await catalog.stop('SIGTERM')).toBe(0);
    for (const status of ['Out for Delivery', 'Delivered']) {
      expect((await shop.stack.request(`/api/orders/${kept._id}`, { method: 'PUT', ...json({ deliveryStatus: status }, shop.admin) })).status).toBe(200);
    }
    expect((await shop.stack.request(`/api/orders/${dropped._id}/cancel`, { method: 'POST', ...json({}, shop.admin) })).status).toBe(200);
    await waitUntil(async () => {
      const rows = await mails(ids);
      // + out for delivery, delivered (kept) and cancelled (dropped), all refused once.
      return rows.length === 7 && rows.every((m) => m.status === 'queued' && m.attempts === 1);
    }, 'the new mails refused once too');
    const failedStockJobs = () =>
      shop.stack
        .running('order-service')
        .flatMap((p) => p.lines)
        .filter((l) => l.msg === 'job failed' && l.queue === 'stock');
    await waitUntil(
      () => ids.every((id) => failedStockJobs().some((l) => String(l.jobId).startsWith(id))),
      'both stock jobs to fail once with the catalog away',
    );
    expect(await stockState(kept._id)).toBe('reserved');
    expect(await stockState(dropped._id)).toBe('reserved');

    await redis.restartEmpty();
    shop.smtp.policy = () => null;
    await shop.stack.startApp('catalog-service');

    await waitUntil(
      async () => (await stockState(kept._id)) === 'committed' && (await stockState(dropped._id)) === 'released',
      'the commit and the release',
      60_000,
    );
    await waitUntil(async () => (await mails(ids)).every((m) => m.status === 'sent'), 'every mail sent', 60_000);

    // Once each: one SMTP delivery per logged mail (its Message-ID is the row id), one stock move per order.
    const rows = await mails(ids);
    expect(rows).toHaveLength(7);
    for (const m of rows) {
      expect(shop.smtp.received.filter((r) => r.messageId.includes(m.id))).toHaveLength(1);
    }
    expect(shop.smtp.for(OWNER).filter((r) => r.subject.includes(kept.orderNumber) || r.subject.includes(dropped.orderNumber))).toHaveLength(2);
    // The order service records the stock state before it logs the job as done: wait for the log lines too.
    await waitUntil(async () => stockMoves(kept._id).length > 0 && stockMoves(dropped._id).length > 0, "both stock jobs' log lines");
    expect(stockMoves(kept._id)).toHaveLength(1);
    expect(stockMoves(dropped._id)).toHaveLength(1);
    const reservations = (await shop.db.query('SELECT order_id, qty, status FROM catalog.stock_reservations WHERE order_id = ANY($1) ORDER BY status', [ids])).rows;
    expect(reservations).toEqual([
      { order_id: kept._id, qty: 2, status: 'committed' },
      { order_id: dropped._id, qty: 2, status: 'released' },
    ]);
    const product = (await shop.db.query('SELECT count_in_stock FROM catalog.products WHERE id = $1', [productId])).rows[0];
    expect(product.count_in_stock).toBe(START_STOCK - 2);
  }, 180_000);
});

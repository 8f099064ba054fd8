import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { eventually, visitor } from '@shop/server-testing';
import { useShopOnOwnNats } from './support/nats-server';

// Drill 3 of issue 14: NATS restarted while shoppers place orders, each retrying with the same
// Idempotency-Key as the storefront does. No order is lost or doubled, the gateway answers 503 (never
// 500) while NATS is away and recovers without a restart, and every mail is sent once.

const WORKERS = 4;
const OWNER = 'owner@islandglow.test';

interface Checkout {
  key: string;
  visitorId: string;
  /** The order ids of the 201 answers: one checkout must only ever see one. */
  orderIds: Set<string>;
}

const shop = useShopOnOwnNats({ NATS_TIMEOUT_MS: '5000', ORDER_RATE_LIMIT: '100000', SHOP_OWNER_EMAIL: OWNER, LOG_LEVEL: 'info' });

it('loses and doubles no order across a NATS restart, answers 503 and never 500 in the gap, recovers without a restart and sends every mail once', async () => {
  const product = await shop.db.product(100_000);
  const statuses = new Map<number, number>();
  const unexpected: string[] = [];
  const checkouts: Checkout[] = [];
  let natsDown = false;
  let unavailableWhileDown = 0;
  let placedAfterRestart = 0;
  let restarted = false;
  let stopping = false;

  /** One shopper's checkout: the same key until an order is confirmed, as the storefront does. */
  const checkout = async (): Promise<void> => {
    const c: Checkout = { key: randomUUID(), visitorId: visitor(), orderIds: new Set() };
    checkouts.push(c);
    const giveUp = Date.now() + 120_000;
    for (;;) {
      if (Date.now() > giveUp) {
        unexpected.push(`checkout ${c.key} got no order in 120 s`);
        return;
      }
      const res = await shop.stack.client.placeOrder(c.visitorId, [{ product: product.id, qty: 1 }], { inPerson: true, key: c.key });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) {
        c.orderIds.add(res.body._id);
        if (restarted) placedAfterRestart++;
        return;
      }
      if (res.status === 503 && res.body?.message === 'Service temporarily unavailable, please try again shortly') {
        if (natsDown) unavailableWhileDown++;
      } else {
        unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const workers = Array.from({ length: WORKERS }, async () => {
    while (!stopping) await checkout();
  });

  const gateway = shop.stack.running('api-gateway')[0];
  try {
    await eventually(async () => checkouts.filter((c) => c.orderIds.size > 0).length, (n) => n >= 8, 60_000);

    await shop.nats.stop();
    natsDown = true;
    await eventually(async () => unavailableWhileDown, (n) => n >= 5, 30_000);
    expect(unavailableWhileDown).toBeGreaterThanOrEqual(5);
    natsDown = false;
    await shop.nats.resume();
    restarted = true;

    await eventually(async () => placedAfterRestart, (n) => n >= 8, 60_000);
    expect(placedAfterRestart).toBeGreaterThanOrEqual(8);
  } finally {
    stopping = true;
    if (!restarted) await shop.nats.resume().catch(() => undefined);
    // Each worker ends its checkout with an order (retrying while the stack recovers).
    await Promise.all(workers);
  }

  // The gateway answered 201 or 503, never a 500 or anything else, and never restarted.
  expect(unexpected).toEqual([]);
  expect([...statuses.keys()].sort()).toEqual([201, 503]);
  expect(shop.stack.running('api-gateway')).toEqual([gateway]);
  expect(shop.stack.processes.every((p) => p.child.exitCode === null && p.child.signalCode === null)).toBe(true);

  // One order per checkout: every answer of a checkout named the same order, and the database holds
  // exactly those orders, once each.
  for (const c of checkouts) expect(c.orderIds.size).toBe(1);
  const answered = checkouts.map((c) => [...c.orderIds][0]).sort();
  const { rows } = await shop.db.query<{ id: string; visitor_id: string }>(
    `SELECT id, visitor_id FROM orders.orders WHERE visitor_id = ANY($1) ORDER BY id`,
    [checkouts.map((c) => c.visitorId)],
  );
  expect(rows.map((r) => r.id)).toEqual(answered);

  // Every in-person order mails the shopper and the owner, each once: two sent mails per order in the
  // log, and one file per mail in the outbox.
  const mailsSent = async () =>
    (await shop.db.query<{ order_id: string; status: string }>(`SELECT order_id, status FROM notifications.mails WHERE order_id = ANY($1)`, [answered])).rows;
  const mails = await eventually(mailsSent, (m) => m.filter((x) => x.status === 'sent').length >= answered.length * 2, 60_000);
  const perOrder = new Map<string, number>();
  for (const m of mails) if (m.status === 'sent') perOrder.set(m.order_id, (perOrder.get(m.order_id) ?? 0) + 1);
  expect(answered.filter((id) => perOrder.get(id) !== 2)).toEqual([]);
  const { rows: mailIds } = await shop.db.query<{ id: string }>(`SELECT id FROM notifications.mails WHERE order_id = ANY($1)`, [answered]);
  const files = readdirSync(shop.stack.env.OUTBOX_DIR).filter((f) => f.endsWith('.eml'));
  for (const { id } of mailIds) expect(files.filter((f) => f.endsWith(`-${id}.eml`))).toHaveLength(1);
}, 240_000);

it('answers several first attempts with one key, sent at once, with one order', async () => {
  const product = await shop.db.product(50);
  const me = visitor();
  const key = randomUUID();
  const answers = await Promise.all(Array.from({ length: 6 }, () => shop.stack.client.placeOrder(me, [{ product: product.id, qty: 2 }], { inPerson: true, key })));
  expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
  expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
  const { rows } = await shop.db.query(`SELECT id FROM orders.orders WHERE visitor_id = $1`, [me]);
  expect(rows).toHaveLength(1);
  expect((await shop.db.stock(product.id)).count_in_stock).toBe(48);
});

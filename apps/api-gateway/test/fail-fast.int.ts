import { type StackProcess, visitor } from '@shop/server-testing';
import { Client } from 'pg';
import { useShopOnOwnNats } from './support/nats-server';

// Issue 14: a request in flight when NATS or its service goes away answers 503 at once instead of
// waiting for its timeout. Each 503 is logged with its reason, and the test reads that reason: the
// answer must come from the fail-fast path (connection lost, service gone), not from a timeout.

const UNAVAILABLE = { message: 'Service temporarily unavailable, please try again shortly' };

const shop = useShopOnOwnNats({ NATS_TIMEOUT_MS: '60000', ORDER_RATE_LIMIT: '100000', LOG_LEVEL: 'info' });

/**
 * Holds the product's row locked in a transaction of the test's own, so that the catalog's stock
 * reservation for an order waits on it: the order request stays in flight until release().
 */
async function holdProduct(productId: string): Promise<{ release: () => Promise<void> }> {
  const client = new Client({ connectionString: shop.stack.env.DATABASE_URL });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT id FROM catalog.products WHERE id = $1 FOR UPDATE', [productId]);
  return {
    release: async () => {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    },
  };
}

/**
 * Resolves once some session waits for a lock on the products table (the reservation is in flight).
 * Fails at once, with the answer, when the order was answered before it reached the reservation.
 */
async function reservationWaiting(pending: Promise<{ status: number }>): Promise<void> {
  let answered: { status: number } | undefined;
  void pending.then((answer) => (answered = answer), () => undefined);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (answered) throw new Error(`the order was answered before its reservation waited: ${JSON.stringify(answered)}`);
    const { rows } = await shop.db.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' LIMIT 1`,
    );
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error('no reservation waited on the held product');
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('answers 503 to an order in flight when NATS goes away, and places orders again once it is back', async () => {
  const product = await shop.db.product(10);
  const hold = await holdProduct(product.id);
  let stopped = false;
  try {
    const pending = shop.stack.client.placeOrder(visitor(), [{ product: product.id, qty: 1 }], { inPerson: true, key: 'in-flight-nats', headers: { 'x-request-id': 'in-flight-nats' } });
    await reservationWaiting(pending);
    await shop.nats.stop();
    stopped = true;
    const answer = await pending;
    expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE });
    // NATS closes its connections one at a time: either the gateway's dropped first, or the order
    // service's connection to the catalog did and the order service answered 503 before its own went.
    // Either way the first process to notice saw its connection lost; nobody waited for a timeout.
    expect(await firstReason('in-flight-nats', ['api-gateway', 'order-service'])).toBe('connection-lost');
    // While NATS is away, new requests are refused at once too.
    expect(await shop.stack.request('/api/products/types')).toMatchObject({ status: 503, body: UNAVAILABLE });
  } finally {
    await hold.release();
    if (stopped) await shop.nats.resume();
  }
  const after = await retryUntil201(() => shop.stack.client.placeOrder(visitor(), [{ product: product.id, qty: 1 }], { inPerson: true }));
  expect(after.status).toBe(201);
}, 45_000);

it.each(['catalog-service', 'order-service'] as const)('answers 503 to an order in flight when %s dies with it, and recovers when it is back', async (app) => {
  const product = await shop.db.product(10);
  const hold = await holdProduct(product.id);
  try {
    const requestId = `in-flight-${app}`;
    const pending = shop.stack.client.placeOrder(visitor(), [{ product: product.id, qty: 1 }], { inPerson: true, key: requestId, headers: { 'x-request-id': requestId } });
    await reservationWaiting(pending);
    await shop.stack.running(app)[0].stop('SIGKILL');
    expect(await pending).toMatchObject({ status: 503, body: UNAVAILABLE });
    // The caller of the dead service noticed it had no replica left: the gateway for the order
    // service, the order service for the catalog.
    const caller = app === 'order-service' ? 'api-gateway' : 'order-service';
    expect(await firstReason(requestId, [caller])).toBe('service-gone');
  } finally {
    await hold.release();
  }
  await shop.stack.startApp(app);
  const after = await retryUntil201(() => shop.stack.client.placeOrder(visitor(), [{ product: product.id, qty: 1 }], { inPerson: true }));
  expect(after.status).toBe(201);
}, 45_000);

/** The reason a process logged for the 503 of a request (the line may arrive after the answer). */
async function unavailableReason(proc: StackProcess, requestId: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = proc.lines.find((l) => l.requestId === requestId && typeof l.reason === 'string');
    if (line) return String(line.reason);
    if (Date.now() > deadline) throw new Error(`${proc.app} logged no 503 reason for ${requestId}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The reason the first process of a call chain gave for its 503: a process that only passed on an
 * upstream 503 ('upstream') hands over to the next process of the chain.
 */
async function firstReason(requestId: string, chain: readonly ('api-gateway' | 'order-service')[]): Promise<string> {
  let reason = 'upstream';
  for (const app of chain) {
    reason = await unavailableReason(shop.stack.running(app)[0], requestId);
    if (reason !== 'upstream') return reason;
  }
  return reason;
}

/** Repeats a request while it answers 503 (the stack reconnecting), up to a deadline. */
async function retryUntil201<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 30_000;
  let res = await send();
  while (res.status === 503 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    res = await send();
  }
  return res;
}

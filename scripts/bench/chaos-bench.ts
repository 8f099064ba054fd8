/**
 * Chaos benchmark (issue 14): mixed load (browse, search, place in-person orders, place and pay card
 * orders) against two replicas of each service, while a loop SIGKILLs a random service replica every
 * 15 s and starts a new one. Shoppers retry a failed order with the same Idempotency-Key, as the
 * storefront does. Prints requests, answers by status, orders accepted against orders in the database,
 * stock balance, and mails expected against mails sent. A script, not a test: the figures vary by run.
 * Run: npx tsx scripts/bench/chaos-bench.ts [--seconds 120] [--shoppers 6] [--kill-every 15]
 * (build first: npx nx run-many -t build).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ALL_SERVICES, type Answer, freePort, ShopClient, ShopDb, type StackApp, StackProcess, TestStack, visitor, withShop } from '../../libs/server/testing/src';
import { benchOptions } from './bench-options';

const options = benchOptions({ seconds: 120, shoppers: 6, 'kill-every': 15 });
const SECONDS = options.seconds;
const SHOPPERS = options.shoppers;
const KILL_EVERY_MS = options['kill-every'] * 1000;
const OWNER = 'owner@islandglow.test';
const WORKSPACE = resolve(__dirname, '../..');

const statuses = new Map<string, number>();
let requests = 0;
const accepted = new Map<string, { inPerson: boolean; paid: boolean; visitorId: string }>();
const visitors: string[] = [];
let sandboxFailures = 0;
let gaveUp = 0;
const kills: string[] = [];
const failedRestarts: string[] = [];

function count(kind: string, status: number): void {
  requests++;
  const key = `${kind} ${status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
}

/** Counts one request of a kind by its status (0: no answer at all). */
async function counted(kind: string, request: () => Promise<Answer>): Promise<Answer> {
  try {
    const res = await request();
    count(kind, res.status);
    return res;
  } catch {
    count(kind, 0);
    return { status: 0, body: undefined, headers: new Headers() };
  }
}

/** The shoppers' client: a request that has no answer in 20 s counts as none. */
const clientOf = (stack: TestStack) => ShopClient.of(stack, 20_000);
const call = (stack: TestStack, kind: string, path: string) => counted(kind, () => clientOf(stack).request(path));

/** Places an order as the storefront does: one key, retried on any error until accepted (or 60 s). */
async function checkOut(stack: TestStack, productId: string, inPerson: boolean): Promise<string | null> {
  const visitorId = visitor();
  visitors.push(visitorId);
  const key = randomUUID();
  const giveUp = Date.now() + 60_000;
  while (Date.now() < giveUp) {
    const res = await counted(inPerson ? 'place-in-person' : 'place-card', () => clientOf(stack).placeOrder(visitorId, [{ product: productId, qty: 1 }], { inPerson, key }));
    if (res.status === 201) {
      accepted.set(res.body._id, { inPerson, paid: false, visitorId });
      return res.body._id as string;
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 429) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
  gaveUp++;
  return null;
}

/** Asks for the payment page, approves on the sandbox and sends the result back, retrying each step a little. */
async function pay(stack: TestStack, orderId: string): Promise<void> {
  // The payment routes answer the visitor who placed the order (issue 23).
  const visitorId = accepted.get(orderId)?.visitorId ?? '';
  let url: string | undefined;
  for (let i = 0; i < 20 && !url; i++) {
    const res = await counted('pay', () => clientOf(stack).payPage(orderId, visitorId));
    if (res.status === 200) url = res.body.url;
    else await new Promise((r) => setTimeout(r, 250));
  }
  if (!url) return;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < 20 && !params; i++) {
    try {
      const res = await ShopClient.of(stack, 10_000).approveOnSandbox(url);
      if (res.status === 303) params = Object.fromEntries(new URL(res.headers.get('location') ?? '').searchParams);
      else sandboxFailures++;
    } catch {
      sandboxFailures++;
    }
    if (!params) await new Promise((r) => setTimeout(r, 250));
  }
  if (!params) return;
  for (let i = 0; i < 20; i++) {
    const res = await counted('payment-result', () => clientOf(stack).sendPaymentResult(orderId, params, visitorId));
    if (res.status === 200) {
      const order = accepted.get(orderId);
      if (order) order.paid = true;
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A replica of a service started beside the stack's own, with its own sandbox port for the payment service. */
async function startReplica(stack: TestStack, app: StackApp, sandboxPort?: number): Promise<StackProcess> {
  const opsPort = await freePort();
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...stack.env, OPS_PORT: String(opsPort) };
  if (app === 'payment-service' && sandboxPort) env.PAYMENT_SANDBOX_PORT = String(sandboxPort);
  const child: ChildProcess = spawn(process.execPath, [join(WORKSPACE, 'dist/apps', app, 'main.js')], { cwd: WORKSPACE, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = new StackProcess(app, child, opsPort);
  stack.processes.push(proc);
  await proc.ready();
  return proc;
}

function main(): Promise<void> {
  return withShop({ env: { ORDER_RATE_LIMIT: '0', SHOP_OWNER_EMAIL: OWNER, LOG_LEVEL: 'info', NATS_TIMEOUT_MS: '5000' } }, run);
}

async function run(stack: TestStack, db: ShopDb): Promise<void> {
  // The stack's payment service holds PAYMENT_SANDBOX_PORT; the second replica and restarts get their own.
  const sandboxPorts = new Map<StackProcess, number>();
  sandboxPorts.set(stack.running('payment-service')[0], Number(stack.env.PAYMENT_SANDBOX_PORT));
  for (const app of ALL_SERVICES) {
    const port = app === 'payment-service' ? await freePort() : undefined;
    const proc = await startReplica(stack, app, port);
    if (port) sandboxPorts.set(proc, port);
  }
  const STOCK = 100_000;
  const productId = (await db.product(STOCK)).id;
  console.log(`Stack up: gateway ${stack.gatewayUrl}, ${stack.processes.length - 1} service processes. Load for ${SECONDS} s with ${SHOPPERS} shoppers, a kill every ${KILL_EVERY_MS / 1000} s.`);

  const end = Date.now() + SECONDS * 1000;
  const shopper = async () => {
    while (Date.now() < end) {
      const dice = Math.random();
      if (dice < 0.4) {
        await call(stack, 'browse', `/api/products?page=${1 + Math.floor(Math.random() * 3)}`);
        await call(stack, 'browse', `/api/products/${productId}`);
      } else if (dice < 0.65) {
        await call(stack, 'search', `/api/products?q=${['balm', 'coconut', 'shea', 'curl'][Math.floor(Math.random() * 4)]}`);
      } else if (dice < 0.85) {
        await checkOut(stack, productId, true);
      } else {
        const id = await checkOut(stack, productId, false);
        if (id) await pay(stack, id);
      }
    }
  };
  const chaos = (async () => {
    while (Date.now() + KILL_EVERY_MS < end) {
      await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      const candidates = ALL_SERVICES.flatMap((app) => stack.running(app));
      const victim = candidates[Math.floor(Math.random() * candidates.length)];
      const port = sandboxPorts.get(victim);
      await victim.stop('SIGKILL');
      kills.push(victim.app);
      try {
        const replacement = await startReplica(stack, victim.app, port);
        if (port) sandboxPorts.set(replacement, port);
      } catch (err) {
        // A loaded machine can take longer than the readiness wait: count it and carry on.
        failedRestarts.push(`${victim.app}: ${(err as Error).message.split('\n')[0]}`);
        const late = stack.processes[stack.processes.length - 1];
        if (late?.app === victim.app) sandboxPorts.set(late, port ?? 0);
      }
    }
  })();
  await Promise.all([...Array.from({ length: SHOPPERS }, shopper), chaos]);

  // Let the outbox, the events and the mail queue drain before counting.
  const inDb = async () =>
    (await db.query<{ id: string; is_in_person: boolean; payment_state: string }>(`SELECT id, is_in_person, payment_state FROM orders.orders WHERE visitor_id = ANY($1)`, [visitors])).rows;
  const expectedMails = (orders: Array<{ is_in_person: boolean; payment_state: string }>) => orders.filter((o) => o.is_in_person || o.payment_state === 'paid').length * 2;
  const deadline = Date.now() + 60_000;
  let orders = await inDb();
  let mails: Array<{ id: string; status: string }> = [];
  while (Date.now() < deadline) {
    orders = await inDb();
    mails = (await db.query<{ id: string; status: string }>(`SELECT id, status FROM notifications.mails WHERE order_id = ANY($1)`, [orders.map((o) => o.id)])).rows;
    if (mails.filter((m) => m.status === 'sent').length >= expectedMails(orders)) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const files = readdirSync(stack.env.OUTBOX_DIR).filter((f) => f.endsWith('.eml'));
  const sentIds = new Set(mails.map((m) => m.id));
  const filesOfOurMails = files.filter((f) => sentIds.has(f.slice(-40, -4)));
  const distinctMailsInFiles = new Set(filesOfOurMails.map((f) => f.slice(-40, -4)));
  const stock = (await db.query<{ count_in_stock: number }>('SELECT count_in_stock FROM catalog.products WHERE id = $1', [productId])).rows[0].count_in_stock;
  const held = (await db.query<{ n: string }>(`SELECT coalesce(sum(qty), 0) AS n FROM catalog.stock_reservations WHERE product_id = $1 AND status = 'reserved'`, [productId]).catch(() => ({ rows: [{ n: 'n/a' }] }))).rows[0].n;

  const byStatus = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `    ${k.padEnd(22)} ${v}`).join('\n');
  const errorsByStatus = new Map<number, number>();
  for (const [k, v] of statuses) {
    const status = Number(k.split(' ')[1]);
    if (status === 0 || status >= 400) errorsByStatus.set(status, (errorsByStatus.get(status) ?? 0) + v);
  }
  const acceptedIds = new Set(accepted.keys());
  const dbIds = new Set(orders.map((o) => o.id));
  console.log(`
Kills (${kills.length}): ${kills.join(', ')}${failedRestarts.length ? `\nRestarts not ready within 30 s (left running): ${failedRestarts.join('; ')}` : ''}
Requests: ${requests}
Answers by kind and status (0 = no answer):
${byStatus}
Errors by status: ${[...errorsByStatus].map(([s, n]) => `${s}: ${n}`).join(', ') || 'none'}
Orders accepted (distinct ids answered 201): ${acceptedIds.size}; in the database: ${dbIds.size}; accepted but missing: ${[...acceptedIds].filter((id) => !dbIds.has(id)).length}; in the database never answered: ${[...dbIds].filter((id) => !acceptedIds.has(id)).length}; checkouts given up: ${gaveUp}
Card orders paid: ${orders.filter((o) => !o.is_in_person && o.payment_state === 'paid').length}; sandbox page failures (retried): ${sandboxFailures}
Stock: started ${STOCK}, now ${stock}, taken ${STOCK - stock}; units in stored orders ${orders.length}; reservation rows hold ${held}; leaked ${STOCK - stock - orders.length}
Mails expected: ${expectedMails(orders)}; logged: ${mails.length}; sent: ${mails.filter((m) => m.status === 'sent').length}; files in the outbox: ${filesOfOurMails.length} for ${distinctMailsInFiles.size} mails (double sends: ${filesOfOurMails.length - distinctMailsInFiles.size}); not sent, by status: ${JSON.stringify(Object.fromEntries([...new Set(mails.map((m) => m.status))].filter((st) => st !== 'sent').map((st) => [st, mails.filter((m) => m.status === st).length])))}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

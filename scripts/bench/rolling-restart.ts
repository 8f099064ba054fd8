/**
 * Rolling-restart drill (issue 16): two replicas of every server app (the production builds, as processes, on
 * a database and NATS/queue prefix of their own on the shared servers) under steady mixed load: catalog reads
 * and in-person orders placed through the gateway (each sends two mails). After a warm-up, each replica is
 * restarted in turn, as an orchestrator rolls a deployment: SIGTERM, wait for it to exit, start it again on the
 * same ports, wait until its /readyz answers 200, next. Twice over. The load goes through a small balancer that,
 * like a Kubernetes Service, sends only to gateway replicas that pass their readiness probe (polled as the kubelet
 * does). DRAIN_DELAY_MS (how long a replica keeps serving after SIGTERM turned its readiness off) must exceed the
 * time the balancer takes to notice: FAILURE_THRESHOLD polls.
 *
 * Prints failed requests (goal 0), orders accepted against orders stored (equal), mails expected against sent
 * (equal), and p99 latency during the roll against before it. A script, not a test: the figures vary by run.
 * Run (build first: npx nx run-many -t build):
 *   npx tsx scripts/bench/rolling-restart.ts [--warmup 15] [--baseline 30] [--after 15] [--rounds 2] [--workers 4] [--drain-delay-ms 3000] [--poll-ms 500]
 */
import { randomUUID } from 'node:crypto';
import { ALL_SERVICES, customer, freePort, json, ShopClient, type ShopDb, type StackApp, type StackProcess, type TestStack, visitor, withShop } from '../../libs/server/testing/src';
import { benchOptions } from './bench-options';

const options = benchOptions({ warmup: 15, baseline: 30, after: 15, rounds: 2, workers: 4, 'drain-delay-ms': 3000, 'poll-ms': 500, 'order-share': 0.3 });
const WARMUP_MS = options.warmup * 1000;
const BASELINE_MS = options.baseline * 1000;
const AFTER_MS = options.after * 1000;
const ROUNDS = options.rounds;
const WORKERS = options.workers;
const DRAIN_DELAY_MS = options['drain-delay-ms'];
const POLL_MS = options['poll-ms'];
const ORDER_SHARE = options['order-share'];
const OWNER = 'owner@islandglow.test';
const APPS: StackApp[] = [...ALL_SERVICES, 'api-gateway'];
const READY_TIMEOUT_MS = 120_000;

type Phase = 'warmup' | 'before' | 'roll' | 'after';

/** One replica slot: its app, the env that pins its ports (kept across restarts) and its current process. */
interface Replica {
  app: StackApp;
  name: string;
  env: Record<string, string>;
  proc: StackProcess;
  ready: boolean;
}

interface Sample {
  phase: Phase;
  kind: 'read' | 'order';
  ms: number;
  status: number;
}

const samples: Sample[] = [];
const failures = new Map<string, number>();
const accepted = new Set<string>();
const visitors: string[] = [];
const restarts: Array<{ replica: string; round: number; exitCode: number | null; stopMs: number; readyMs: number }> = [];
let phase: Phase = 'warmup';
let noReadyGateway = 0;
let slowStarts = 0;

/** Consecutive failed polls before a replica is taken out of the rotation (Kubernetes' default failureThreshold). */
const FAILURE_THRESHOLD = 3;

/**
 * The balancer: round robin over the gateway replicas that are ready, polled as the kubelet probes: every
 * POLL_MS with a 1 s timeout, out after FAILURE_THRESHOLD failures in a row, back in after one success.
 */
class Balancer {
  private next = 0;
  private stopped = false;
  private readonly polls: Promise<void>[];

  constructor(private readonly gateways: Replica[]) {
    this.polls = gateways.map((g) => this.poll(g));
  }

  pick(): Replica | undefined {
    const ready = this.gateways.filter((g) => g.ready);
    if (ready.length === 0) return undefined;
    return ready[this.next++ % ready.length];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.polls);
  }

  private async poll(gateway: Replica): Promise<void> {
    let failed = 0;
    while (!this.stopped) {
      failed = (await readyz(gateway.proc)) ? 0 : failed + 1;
      gateway.ready = failed < FAILURE_THRESHOLD;
      await sleep(POLL_MS);
    }
  }
}

async function readyz(proc: StackProcess, timeoutMs = 1000): Promise<boolean> {
  try {
    return (await fetch(`${proc.opsUrl}/readyz`, { signal: AbortSignal.timeout(timeoutMs) })).status === 200;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fail(what: string): void {
  failures.set(what, (failures.get(what) ?? 0) + 1);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the drill reads whatever JSON came back
async function call(balancer: Balancer, kind: Sample['kind'], path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const gateway = balancer.pick();
  if (!gateway) {
    noReadyGateway++;
    fail(`${kind}: no ready gateway`);
    samples.push({ phase, kind, ms: 0, status: 0 });
    await sleep(50);
    return { status: 0, body: undefined };
  }
  const started = performance.now();
  let status = 0;
  let body: unknown;
  try {
    ({ status, body } = await ShopClient.of(`http://127.0.0.1:${gateway.env.GATEWAY_PORT}`, 20_000).request(path, init));
  } catch (err) {
    fail(`${kind}: ${gateway.name} no answer (${(err as Error).cause ? String((err as { cause: { code?: string } }).cause.code) : (err as Error).name})`);
  }
  samples.push({ phase, kind, ms: performance.now() - started, status });
  if (status !== 0 && (status < 200 || status >= 300)) fail(`${kind}: ${gateway.name} ${status} ${JSON.stringify(body)?.slice(0, 120)}`);
  return { status, body };
}

/** Places one in-person order; on a failed request it tries again with the same Idempotency-Key, as the storefront does. */
async function order(balancer: Balancer, productId: string): Promise<void> {
  const visitorId = visitor();
  visitors.push(visitorId);
  const key = randomUUID();
  const body = { ...customer(visitorId), email: `${visitorId}@example.com`, orderItems: [{ product: productId, qty: 1 }] };
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await call(balancer, 'order', '/api/orders/inperson', { method: 'POST', ...json(body, { 'x-visitor-id': visitorId, 'idempotency-key': key }) });
    if (res.status === 201) {
      accepted.add(res.body._id as string);
      return;
    }
    await sleep(200);
  }
}

async function read(balancer: Balancer, productId: string): Promise<void> {
  if (Math.random() < 0.5) await call(balancer, 'read', `/api/products?page=${1 + Math.floor(Math.random() * 3)}`);
  else await call(balancer, 'read', `/api/products/${productId}`);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Stops a replica (SIGTERM), starts it again on the same ports and waits until its /readyz answers 200. */
async function restart(stack: TestStack, replica: Replica, round: number): Promise<void> {
  const t0 = performance.now();
  const exitCode = await replica.proc.stop('SIGTERM');
  const stopMs = performance.now() - t0;
  const t1 = performance.now();
  try {
    replica.proc = await stack.startApp(replica.app, replica.env);
  } catch (err) {
    // TestStack waits 30 s for the 'listening' line; on a loaded machine a start can take longer. The process
    // still runs: keep waiting for its readiness below (and fail only if it exited).
    const late = stack.processes[stack.processes.length - 1];
    if (late?.app !== replica.app || late.child.exitCode !== null) throw err;
    replica.proc = late;
    slowStarts++;
  }
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await readyz(replica.proc))) {
    if (Date.now() > deadline) throw new Error(`${replica.name} not ready ${READY_TIMEOUT_MS / 1000} s after its restart`);
    await sleep(100);
  }
  restarts.push({ replica: replica.name, round, exitCode, stopMs, readyMs: performance.now() - t1 });
  console.log(`  round ${round}: ${replica.name} stopped (exit ${exitCode}, ${(stopMs / 1000).toFixed(1)} s), ready again after ${((performance.now() - t1) / 1000).toFixed(1)} s`);
}

function main(): Promise<void> {
  return withShop({ env: { ORDER_RATE_LIMIT: '0', SHOP_OWNER_EMAIL: OWNER, LOG_LEVEL: 'info', DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), NATS_TIMEOUT_MS: '5000' } }, run);
}

async function run(stack: TestStack, db: ShopDb): Promise<void> {
  // The stack started one process of each app; a second replica of each gets ports of its own.
  const replicas: Replica[] = [];
  for (const app of APPS) {
    const [first] = stack.running(app);
    const firstEnv: Record<string, string> = { OPS_PORT: String(first.opsPort) };
    if (app === 'api-gateway') firstEnv.GATEWAY_PORT = stack.env.GATEWAY_PORT;
    if (app === 'payment-service') firstEnv.PAYMENT_SANDBOX_PORT = stack.env.PAYMENT_SANDBOX_PORT;
    replicas.push({ app, name: `${app}#1`, env: firstEnv, proc: first, ready: true });
    const env: Record<string, string> = { OPS_PORT: String(await freePort()) };
    if (app === 'api-gateway') env.GATEWAY_PORT = String(await freePort());
    if (app === 'payment-service') env.PAYMENT_SANDBOX_PORT = String(await freePort());
    replicas.push({ app, name: `${app}#2`, env, proc: await stack.startApp(app, env), ready: true });
  }
  const STOCK = 1_000_000;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
     VALUES ('Rolling balm', 2500, '/api/files/demo/mango-lip-balm.svg', 'A balm for the rolling-restart drill', $1, 'Lip Balm') RETURNING id`,
    [STOCK],
  );
  const productId = rows[0].id;
  const balancer = new Balancer(replicas.filter((r) => r.app === 'api-gateway'));
  console.log(
    `Stack up: ${replicas.length} processes (2 of each app), DRAIN_DELAY_MS=${DRAIN_DELAY_MS}, readiness polled every ${POLL_MS} ms (out after ${FAILURE_THRESHOLD} failures). ` +
      `${WORKERS} workers, ${Math.round(ORDER_SHARE * 100)} % in-person orders; warm-up ${WARMUP_MS / 1000} s (not counted), baseline ${BASELINE_MS / 1000} s, then ${ROUNDS} rounds of restarts.`,
  );

  let loading = true;
  const worker = async () => {
    while (loading) {
      if (Math.random() < ORDER_SHARE) await order(balancer, productId);
      else await read(balancer, productId);
      await sleep(20);
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  // The first seconds (cold code, first connections) are not counted; the baseline is the load before the roll.
  await sleep(WARMUP_MS);
  phase = 'before';
  await sleep(BASELINE_MS);
  const rollStarted = Date.now();
  phase = 'roll';
  for (let round = 1; round <= ROUNDS; round++) {
    for (const replica of replicas) await restart(stack, replica, round);
  }
  const rollMs = Date.now() - rollStarted;
  phase = 'after';
  await sleep(AFTER_MS);
  loading = false;
  await Promise.all(workers);
  await balancer.stop();

  // Let the outbox, the events and the mail queue drain before counting.
  const stored = async () => (await db.query<{ id: string }>('SELECT id FROM orders.orders WHERE visitor_id = ANY($1)', [visitors])).rows.map((r) => r.id);
  let orderIds = await stored();
  let mails: Array<{ status: string; kind: string }> = [];
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    orderIds = await stored();
    mails = (await db.query<{ status: string; kind: string }>('SELECT status, kind FROM notifications.mails WHERE order_id = ANY($1)', [orderIds])).rows;
    if (mails.filter((m) => m.status === 'sent').length >= orderIds.length * 2) break;
    await sleep(1000);
  }
  const stock = (await db.query<{ count_in_stock: number }>('SELECT count_in_stock FROM catalog.products WHERE id = $1', [productId])).rows[0].count_in_stock;

  const stats = (p: Phase) => {
    const of = samples.filter((s) => s.phase === p);
    const ok = of.filter((s) => s.status >= 200 && s.status < 300);
    return {
      requests: of.length,
      failed: of.length - ok.length,
      p50: percentile(ok.map((s) => s.ms), 50),
      p99: percentile(ok.map((s) => s.ms), 99),
      p99reads: percentile(ok.filter((s) => s.kind === 'read').map((s) => s.ms), 99),
      p99orders: percentile(ok.filter((s) => s.kind === 'order').map((s) => s.ms), 99),
    };
  };
  const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : `${n.toFixed(0)} ms`);
  const line = (p: Phase, label: string) => {
    const s = stats(p);
    return `  ${label.padEnd(16)} ${String(s.requests).padStart(6)} requests, ${s.failed} failed; p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (reads ${ms(s.p99reads)}, orders ${ms(s.p99orders)})`;
  };
  const failedTotal = [...failures.values()].reduce((a, b) => a + b, 0);
  const acceptedMissing = [...accepted].filter((id) => !orderIds.includes(id)).length;
  const sent = mails.filter((m) => m.status === 'sent').length;
  console.log(`
Restarts: ${restarts.length} (${ROUNDS} rounds of ${replicas.length} replicas) over ${(rollMs / 1000).toFixed(0)} s; exit codes: ${JSON.stringify(
    Object.fromEntries([...new Set(restarts.map((r) => r.exitCode))].map((c) => [String(c), restarts.filter((r) => r.exitCode === c).length])),
  )}
  starts that took over 30 s to log 'listening': ${slowStarts}
  stop (SIGTERM to exit) p50 ${(percentile(restarts.map((r) => r.stopMs), 50) / 1000).toFixed(1)} s, max ${(Math.max(...restarts.map((r) => r.stopMs)) / 1000).toFixed(1)} s; start to ready p50 ${(percentile(restarts.map((r) => r.readyMs), 50) / 1000).toFixed(1)} s, max ${(Math.max(...restarts.map((r) => r.readyMs)) / 1000).toFixed(1)} s
Requests by phase:
${line('warmup', 'warm-up')}
${line('before', 'before the roll')}
${line('roll', 'during the roll')}
${line('after', 'after the roll')}
Failed requests: ${failedTotal}${failedTotal ? ` (no ready gateway: ${noReadyGateway})\n${[...failures].map(([k, v]) => `  ${v} × ${k}`).join('\n')}` : ''}
Orders accepted (distinct ids answered 201): ${accepted.size}; stored: ${orderIds.length}; accepted but not stored: ${acceptedMissing}; stored but never answered: ${orderIds.filter((id) => !accepted.has(id)).length}
Stock: started ${STOCK}, taken ${STOCK - stock}, units in stored orders ${orderIds.length}
Mails expected (2 per stored order): ${orderIds.length * 2}; sent: ${sent}; not sent, by status: ${JSON.stringify(
    Object.fromEntries([...new Set(mails.map((m) => m.status))].filter((s) => s !== 'sent').map((s) => [s, mails.filter((m) => m.status === s).length])),
  )}
p99 latency during the roll vs before: ${ms(stats('roll').p99)} vs ${ms(stats('before').p99)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

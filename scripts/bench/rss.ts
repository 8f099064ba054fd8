/**
 * Memory of each server app (issue 16): starts the five server apps from their builds (dist/) as a
 * TestStack does (own database, NATS subject and queue prefix, on the local Postgres, Redis and NATS) plus
 * the storefront's SSR server, and prints each process's resident memory (RSS, from /proc) once idle after
 * start, then after a minute of mixed load (browse, search, storefront pages, in-person orders, card orders
 * paid on the sandbox page) and a short rest, with the peak (VmHWM) and the total of the five.
 * Run: npx tsx scripts/bench/rss.ts [--seconds 60] [--shoppers 4] [--settle 10]
 *   The five server apps (not the storefront) run with the production memory settings of deploy/Dockerfile.service
 *   unless told otherwise: --node-options="--max-semi-space-size=2 --max-old-space-size=96" (NODE_OPTIONS; "" for
 *   none) and --malloc-arena-max=2 (MALLOC_ARENA_MAX; "" for glibc's default).
 *   Node flags on the command line (for those NODE_OPTIONS refuses), as for every benchmark's stack:
 *   SHOP_NODE_ARGS="--optimize-for-size" npx tsx scripts/bench/rss.ts
 * Build first: npx nx run-many -t build. A script, not a test: the figures vary by run and machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NatsUser } from '@shop/contracts';
import { redisUserArgs } from '@shop/server-config';
import { NATS_PASSWORD_ENV } from '@shop/server-messaging';
import { freePort, OwnNatsServer, OwnRedisServer, ShopClient, ShopDb, type StackApp, TestStack, visitor } from '../../libs/server/testing/src';
import { benchOptions } from './bench-options';

const options = benchOptions(
  { seconds: 60, shoppers: 4, settle: 10 },
  {
    'node-options': '--max-semi-space-size=2 --max-old-space-size=96',
    // production (the default) refuses the shared NATS and Redis, which have no users (issue 24): the bench then
    // starts a nats-server and a redis-server of its own with the shop's generated users, as a deployment has;
    // development runs the same code on the shared servers.
    'node-env': 'production',
    'malloc-arena-max': '2',
  },
);
const SECONDS = options.seconds;
const SHOPPERS = options.shoppers;
const SETTLE_MS = options.settle * 1000;
const NODE_OPTIONS = options['node-options'];
const MALLOC_ARENA_MAX = options['malloc-arena-max'];
const WORKSPACE = resolve(__dirname, '../..');
const SERVER_APPS: StackApp[] = ['api-gateway', 'catalog-service', 'order-service', 'payment-service', 'notification-service'];

interface Memory {
  rss: number;
  peak: number;
  pss: number;
}

/**
 * Resident, peak resident and proportional memory of a process, in MB (VmRSS and VmHWM of /proc/<pid>/status,
 * Pss of smaps_rollup). RSS counts the node binary's pages (about 35 MB) in every process; PSS shares them out.
 */
function memoryOf(pid: number): Memory {
  const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024;
  if (!existsSync(`/proc/${pid}/status`)) return { rss: NaN, peak: NaN, pss: NaN }; // the process is gone
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return { rss: kb(status, 'VmRSS'), peak: kb(status, 'VmHWM'), pss: kb(rollup, 'Pss') };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let requests = 0;
let failures = 0;
const failed = new Map<string, number>();

function fail(what: string): void {
  failures++;
  failed.set(what, (failed.get(what) ?? 0) + 1);
}

async function call(url: string, init: RequestInit = {}): Promise<Response | null> {
  requests++;
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    if (res.status >= 500) fail(`${res.status} ${new URL(url).pathname.split('/').slice(0, 3).join('/')}`);
    await res.arrayBuffer();
    return res;
  } catch (err) {
    fail(`${(err as Error).name} ${new URL(url).pathname.split('/').slice(0, 3).join('/')}`);
    return null;
  }
}

/** A card order is paid on the sandbox page, as its shopper; an in-person order is only placed. */
async function placeAndMaybePay(stack: TestStack, productId: string, card: boolean): Promise<void> {
  const shop = ShopClient.of(stack, 20_000);
  const visitorId = visitor();
  const placed = await shop.placeOrder(visitorId, [{ product: productId, qty: 1 }], { inPerson: !card, key: randomUUID() });
  requests++;
  if (placed.status !== 201) {
    fail(`${placed.status} place order`);
    return;
  }
  if (!card) return;
  const pay = await shop.payPage(placed.body._id, visitorId);
  requests++;
  if (pay.status !== 200) return fail(`${pay.status} pay`);
  const page = await call(pay.body.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=approve' });
  const location = page?.headers.get('location');
  if (!location) return;
  const result = await shop.sendPaymentResult(placed.body._id, Object.fromEntries(new URL(location).searchParams), null);
  requests++;
  if (result.status !== 200) fail(`${result.status} payment result`);
}

async function main(): Promise<void> {
  const env: Record<string, string> = {
    NODE_ENV: options['node-env'],
    LOG_LEVEL: 'info',
    ORDER_RATE_LIMIT: '0',
    JWT_SECRET: `rss-bench-${randomUUID()}`,
    ORDER_LINK_SECRET: `rss-bench-${randomUUID()}`,
    ADMIN_PASSWORD: `rss-${randomUUID().slice(0, 12)}`,
  };
  if (NODE_OPTIONS) env.NODE_OPTIONS = NODE_OPTIONS;
  // glibc's malloc arenas (by default up to 8 per core; the images set 2).
  if (MALLOC_ARENA_MAX) env.MALLOC_ARENA_MAX = MALLOC_ARENA_MAX;
  const own = env.NODE_ENV === 'production' ? await ownServersWithUsers(env) : undefined;
  const stack = await TestStack.start({ env, ...own?.stack });
  const storefrontPort = await freePort();
  const storefront: ChildProcess = spawn(process.execPath, [join(WORKSPACE, 'dist/apps/storefront-server/main.mjs')], {
    cwd: WORKSPACE,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(storefrontPort), HOST: '127.0.0.1', GATEWAY_URL: stack.gatewayUrl },
    stdio: 'ignore',
  });
  const storefrontUrl = `http://127.0.0.1:${storefrontPort}`;
  const db = await ShopDb.connect(stack);
  try {
    for (let i = 0; i < 100 && (await fetch(`${storefrontUrl}/healthz`).catch(() => null))?.status !== 200; i++) await sleep(100);
    const pids = new Map<string, number>(SERVER_APPS.map((app) => [app, stack.running(app)[0].child.pid as number]));
    pids.set('storefront (SSR)', storefront.pid as number);

    await sleep(SETTLE_MS);
    const idle = new Map([...pids].map(([app, pid]) => [app, memoryOf(pid)]));

    const productId = (await db.product(1_000_000)).id;
    // The storefront shows a demo product: its product page draws one <option> per unit in stock, so the
    // bench's product (a million in stock, for the orders) would measure that instead of the SSR server.
    const demo = await stack.request('/api/products');
    const demoId = String((demo.body?.products as Array<{ _id: string }> | undefined)?.find((p) => p._id !== productId)?._id ?? productId);
    console.log(`Load for ${SECONDS} s with ${SHOPPERS} shoppers${NODE_OPTIONS ? `, NODE_OPTIONS="${NODE_OPTIONS}"` : ''}${MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX}` : ''}${process.env.SHOP_NODE_ARGS ? `, node ${process.env.SHOP_NODE_ARGS}` : ''}...`);
    const end = Date.now() + SECONDS * 1000;
    const shopper = async () => {
      while (Date.now() < end) {
        const dice = Math.random();
        if (dice < 0.3) {
          await call(`${stack.gatewayUrl}/api/products?page=${1 + Math.floor(Math.random() * 3)}`);
          await call(`${stack.gatewayUrl}/api/products/${productId}`);
        } else if (dice < 0.5) {
          await call(`${stack.gatewayUrl}/api/products?q=${['balm', 'coconut', 'shea', 'curl'][Math.floor(Math.random() * 4)]}`);
        } else if (dice < 0.65) {
          await call(`${storefrontUrl}/${Math.random() < 0.5 ? '' : `product/${demoId}`}`);
        } else {
          await placeAndMaybePay(stack, productId, dice > 0.85);
        }
      }
    };
    await Promise.all(Array.from({ length: SHOPPERS }, shopper));
    await sleep(SETTLE_MS);
    const loaded = new Map([...pids].map(([app, pid]) => [app, memoryOf(pid)]));

    const mb = (n: number) => `${n.toFixed(0)} MB`;
    console.log(`\n${requests} requests, ${failures} failed (5xx or no answer)${failures ? `: ${[...failed].map(([k, n]) => `${k} x${n}`).join(', ')}` : ''}\n`);
    console.log('| app | RSS idle after start | RSS after load + rest | peak RSS | PSS idle | PSS after load |');
    console.log('|---|---|---|---|---|---|');
    const none: Memory = { rss: NaN, peak: NaN, pss: NaN };
    const total = { idle: 0, loaded: 0, peak: 0, pssIdle: 0, pssLoaded: 0 };
    for (const app of pids.keys()) {
      const a = idle.get(app) ?? none;
      const b = loaded.get(app) ?? none;
      console.log(`| ${app} | ${mb(a.rss)} | ${mb(b.rss)} | ${mb(b.peak)} | ${mb(a.pss)} | ${mb(b.pss)} |`);
      if (!SERVER_APPS.includes(app as StackApp)) continue;
      total.idle += a.rss;
      total.loaded += b.rss;
      total.peak += b.peak;
      total.pssIdle += a.pss;
      total.pssLoaded += b.pss;
    }
    console.log(`| **five server apps** | **${mb(total.idle)}** | **${mb(total.loaded)}** | ${mb(total.peak)} | ${mb(total.pssIdle)} | ${mb(total.pssLoaded)} |`);
  } finally {
    storefront.kill('SIGTERM');
    await db.close();
    await stack.close();
    await own?.stop();
  }
}

/**
 * Production's NATS and Redis: a user and password per app, the generated NATS permissions of a deployment (no
 * subject prefix), the sandbox pay page allowed as on a staging shop. Servers of the bench's own, never the
 * machine's shared ones.
 */
async function ownServersWithUsers(env: Record<string, string>) {
  const users = Object.values(NatsUser);
  const secrets = () => Object.fromEntries(users.map((user) => [user, `s${randomBytes(18).toString('base64url')}`])) as Record<NatsUser, string>;
  const natsPasswords = secrets();
  const redisPasswords = secrets();
  const nats = await OwnNatsServer.start({
    configFile: join(WORKSPACE, 'deploy/k8s/base/nats/nats-auth.conf'),
    env: Object.fromEntries(users.map((u) => [NATS_PASSWORD_ENV[u], natsPasswords[u]])),
  });
  const redis = await OwnRedisServer.start({ args: redisUserArgs(redisPasswords) });
  Object.assign(env, { NATS_SUBJECT_PREFIX: '', PAYMENT_SANDBOX_IN_PRODUCTION: 'true', WIPAY_API_KEY: `rss-${randomUUID()}` });
  const appEnv = Object.fromEntries(users.map((u) => [u, { NATS_PASSWORD: natsPasswords[u], REDIS_PASSWORD: redisPasswords[u] }]));
  return {
    stack: { natsUrl: nats.url, redisUrl: redis.url, appEnv },
    stop: async () => {
      await nats.stop();
      await redis.stop();
    },
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

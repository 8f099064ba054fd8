/**
 * The gateway's cache of public answers (issue 18): `GET /api/products?page=3` and `?q=sheaa` through the
 * gateway, side by side in one run:
 * - baseline: a second gateway on the same catalog and database started with API_CACHE=false, which is
 *   today's behaviour (every GET asks the catalog over NATS, and the catalog asks Postgres);
 * - cold: the gateway with its cache, each request right after a catalog change event (the script publishes
 *   `catalog.changed` and waits for the NATS server's flush, then asks once and checks X-Cache: MISS), one at a
 *   time, against the baseline asked the same way;
 * - cached: the gateway with its cache, the same URL each time (hits after the first), 10 connections.
 * The loaded runs are a 2 s warm-up then the measured run, with autocannon. Prints req/s, p50, p99, errors,
 * the ratio to the baseline, the goals, and the load average around each run.
 * Run: npx tsx scripts/bench/api-cache-bench.ts [--products 4000] [--seconds 10] [--connections 10]
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { CATALOG_CHANGED_SUBJECT } from '@shop/contracts';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { freePort, generateProducts, TestStack } from '../../libs/server/testing/src';
import { benchOptions } from './bench-options';

const options = benchOptions({ products: 4000, seconds: 10, connections: 10, 'cold-requests': 300 });
const COLD_REQUESTS = options['cold-requests'];
const PRODUCTS = options.products;
const SECONDS = options.seconds;
const CONNECTIONS = options.connections;

const SCENARIOS = [
  { name: 'page 3', path: '/api/products?page=3', p99Goal: 25 },
  { name: 'search "sheaa"', path: '/api/products?q=sheaa', p99Goal: 30 },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: string;
}

const load1 = () => loadavg()[0].toFixed(1);

async function loaded(url: string): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const before = load1();
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, load: `${before}→${load1()}` };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One request at a time, each after a change event when `nats` is given (so each one is a miss); req/s is 1 / mean time. */
async function oneByOne(url: string, nats?: { nc: NatsConnection; subject: string }): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const before = load1();
  for (let i = 0; i < COLD_REQUESTS; i++) {
    if (nats) {
      nats.nc.publish(nats.subject, JSON.stringify({ pattern: 'bench', at: new Date().toISOString() }));
      await nats.nc.flush();
    }
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200 || (nats && res.headers.get('x-cache') !== 'MISS')) errors += 1;
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { rps: 1000 / mean, p50: Math.round(percentile(times, 50)), p99: Math.round(percentile(times, 99)), errors, load: `${before}→${load1()}` };
}

async function main(): Promise<void> {
  console.log(`Starting the stack (gateway with its cache, a second gateway with API_CACHE=false, catalog), ${PRODUCTS} products…`);
  const stack = await TestStack.start({ services: ['catalog-service'], env: { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false' } });
  try {
    const port = await freePort();
    await stack.startApp('api-gateway', { GATEWAY_PORT: String(port), API_CACHE: 'false' });
    const baselineUrl = `http://127.0.0.1:${port}`;
    const db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    await generateProducts(db, PRODUCTS);
    await db.end();

    // The answers are the same on both gateways, and the cached one says so.
    for (const s of SCENARIOS) {
      const [a, b] = await Promise.all([fetch(stack.gatewayUrl + s.path), fetch(baselineUrl + s.path)]);
      const [ta, tb] = await Promise.all([a.text(), b.text()]);
      if (a.status !== 200 || ta !== tb) throw new Error(`${s.path}: the two gateways answer differently (${a.status}, ${b.status})`);
      console.log(`${s.path}: ${ta.length} bytes, ${JSON.parse(ta).total} matches, cache header ${a.headers.get('x-cache')}, baseline ${b.headers.get('x-cache') ?? 'none'}`);
    }

    const nc = await connect({ servers: stack.env.NATS_URL });
    const changes = { nc, subject: stack.env.NATS_SUBJECT_PREFIX + CATALOG_CHANGED_SUBJECT };

    console.log(`\n${new Date().toISOString()}, ${PRODUCTS} products; loaded runs: ${CONNECTIONS} connections, ${SECONDS} s (after 2 s warm-up);`);
    console.log(`one-by-one runs: ${COLD_REQUESTS} requests, one connection, req/s = 1 / mean time`);
    console.log('load = 1-minute load average at the start and at the end of the measured run (2 cores)\n');
    console.log('| scenario | target | req/s | p50 ms | p99 ms | errors | vs baseline | load |');
    console.log('|---|---|---|---|---|---|---|---|');
    const verdicts: string[] = [];
    for (const s of SCENARIOS) {
      const baselineOne = await oneByOne(baselineUrl + s.path);
      const cold = await oneByOne(stack.gatewayUrl + s.path, changes);
      const baseline = await loaded(baselineUrl + s.path);
      const cached = await loaded(stack.gatewayUrl + s.path);
      const row = (target: string, f: Figures, base: Figures) =>
        console.log(`| ${s.name} | ${target} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${(f.rps / base.rps).toFixed(2)}x | ${f.load} |`);
      row('baseline (API_CACHE=false), one by one', baselineOne, baselineOne);
      row('cold: each right after a change, one by one', cold, baselineOne);
      row(`baseline (API_CACHE=false), ${CONNECTIONS} connections`, baseline, baseline);
      row(`cached, ${CONNECTIONS} connections`, cached, baseline);
      verdicts.push(
        `${s.name}: cached p99 ${cached.p99} ms (goal ≤ ${s.p99Goal}) ${cached.p99 <= s.p99Goal ? 'met' : 'NOT met'}; ` +
          `cached throughput ${(cached.rps / baseline.rps).toFixed(1)}x the baseline (goal ≥ 3x) ${cached.rps >= 3 * baseline.rps ? 'met' : 'NOT met'}`,
      );
    }
    console.log(`\n${verdicts.join('\n')}`);
    await nc.close();
  } finally {
    await stack.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

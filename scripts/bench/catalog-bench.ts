/**
 * Catalog benchmark: search and the paged list through the whole stack (gateway -> NATS -> catalog ->
 * Postgres) against a bare baseline (one Node HTTP server running the same SQL on the same table), and one
 * product by id (the baseline reads the row by primary key). The gateway runs with API_CACHE=false, so every
 * request goes to the catalog and Postgres (the cached path has its own bench, api-cache-bench.ts).
 * Prints throughput, median and p99 latency, and the ratio. Run: npx tsx scripts/bench/catalog-bench.ts
 * Options: --products N (default 4000), --seconds N (default 10), --connections N (default 10).
 *
 * `--compare variants` (issue 28) measures instead two stacks side by side in the one run: the same generated
 * catalogue sold one way, and sold in 4 to 12 variants per product (`addVariants`), each scenario loaded on one,
 * the other twice, then the one again; the means are printed, with the p99 of the second as a share of the first.
 */
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Client, Pool } from 'pg';
import { buildSearchSql, TYPO_THRESHOLD } from '../../apps/catalog-service/src/products/product-search.sql';
import { addVariants, generateProducts, TestStack } from '../../libs/server/testing/src';
import { benchOptions } from './bench-options';

const options = benchOptions({ products: 4000, seconds: 10, connections: 10 }, { compare: 'baseline' });
const PRODUCTS = options.products;
const SECONDS = options.seconds;
const CONNECTIONS = options.connections;

const SCENARIOS = [
  { name: 'search "sheaa" (typo)', path: '/api/products?q=sheaa' },
  { name: 'search "coconut lip"', path: '/api/products?q=coconut%20lip' },
  { name: 'paged list, page 3', path: '/api/products?page=3' },
  { name: 'one product', path: '/api/products/:id' },
];

/** A bare HTTP server that answers the same page with the same SQL, no framework, no NATS. */
async function startBaseline(databaseUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new Pool({ connectionString: databaseUrl, max: 10, options: `-c pg_trgm.similarity_threshold=${TYPO_THRESHOLD}` });
  const toJson = (r: Record<string, unknown> & { price_cents: number; oldprice_cents: number; created_at: string | Date }) => ({
    _id: r.id, name: r.name, price: r.price_cents / 100, oldprice: r.oldprice_cents / 100, image: r.image, subimages: r.subimages,
    description: r.description, countInStock: r.count_in_stock, promotext: r.promotext, type: r.type, purchases: r.purchases,
    rating: Number(r.rating), numReviews: r.num_reviews, createdAt: new Date(r.created_at).toISOString(),
  });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const one = /^\/api\/products\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (one) {
      const { rows } = await pool.query('SELECT * FROM catalog.products WHERE id = $1 AND deleted_at IS NULL', [one[1]]);
      res.writeHead(rows.length ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(rows.length ? toJson(rows[0]) : { message: 'Product not found' }));
      return;
    }
    const q = url.searchParams.get('q') ?? undefined;
    const page = Number(url.searchParams.get('page') ?? '1');
    const built = buildSearchSql({ q, page });
    const { rows } = await pool.query(built.sql, built.params);
    const total = rows.length > 0 ? Number(rows[0].total) : 0;
    const products = rows.map(toJson);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ products, page, pages: Math.ceil(total / 8), total }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: async () => { server.close(); await pool.end(); } };
}

async function load(url: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  // A short warm-up, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** A catalog stack on a fresh database with the generated products (with variants when asked); the id of the middle one. */
async function catalogStack(withVariants: boolean): Promise<{ stack: TestStack; middle: string }> {
  const stack = await TestStack.start({ services: ['catalog-service'], env: { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', API_CACHE: 'false' } });
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  try {
    await generateProducts(db, PRODUCTS);
    if (withVariants) {
      await addVariants(db);
      const { rows: [spread] } = await db.query(
        'SELECT min(n) AS min, max(n) AS max, sum(n) AS total FROM (SELECT count(*) AS n FROM catalog.product_variants WHERE deleted_at IS NULL GROUP BY product_id) c',
      );
      console.log(`variants per product: ${spread.min} to ${spread.max}, ${spread.total} in all`);
    }
    const { rows: [middle] } = await db.query('SELECT id FROM catalog.products ORDER BY created_at OFFSET $1 LIMIT 1', [Math.floor(PRODUCTS / 2)]);
    return { stack, middle: middle.id };
  } catch (err) {
    await stack.close();
    throw err;
  } finally {
    await db.end();
  }
}

function header(): void {
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, ${PRODUCTS} products\n`);
  console.log('| scenario | target | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---|---|---|---|');
  console.log(`commit ${process.env.BENCH_COMMIT ?? '?'}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
}

type Load = Awaited<ReturnType<typeof load>>;

/** The mean of two loads of one target. */
function mean(runs: Load[]): Load {
  const avg = (pick: (r: Load) => number) => Math.round((runs.reduce((sum, r) => sum + pick(r), 0) / runs.length) * 10) / 10;
  return { rps: avg((r) => r.rps), p50: avg((r) => r.p50), p99: avg((r) => r.p99), errors: runs.reduce((sum, r) => sum + r.errors, 0) };
}

const row = (scenario: string, target: string, r: Load) => `| ${scenario} | ${target} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`;

/** The gateway against the bare baseline. */
async function againstBaseline(): Promise<void> {
  console.log(`Starting the stack (gateway + catalog) and generating ${PRODUCTS} products…`);
  const { stack, middle } = await catalogStack(false);
  const baseline = await startBaseline(stack.env.DATABASE_URL);
  try {
    header();
    for (const s of SCENARIOS) {
      const path = s.path.replace(':id', middle);
      const gw = await load(stack.gatewayUrl + path);
      const base = await load(baseline.url + path);
      console.log(row(s.name, 'gateway', gw));
      console.log(row(s.name, 'baseline', base));
      console.log(`| ${s.name} | ratio | ${((gw.rps / base.rps) * 100).toFixed(0)}% | | | |`);
    }
  } finally {
    await baseline.close();
    await stack.close();
  }
}

/** One catalogue sold one way and the same sold in variants, side by side (issue 28). */
async function againstVariants(): Promise<void> {
  console.log(`Starting two stacks (gateway + catalog) and generating ${PRODUCTS} products in each, the second with 4 to 12 variants each…`);
  const plain = await catalogStack(false);
  const variants = await catalogStack(true).catch(async (err) => {
    await plain.stack.close();
    throw err;
  });
  try {
    header();
    for (const s of SCENARIOS) {
      const onePath = plain.stack.gatewayUrl + s.path.replace(':id', plain.middle);
      const manyPath = variants.stack.gatewayUrl + s.path.replace(':id', variants.middle);
      // In the order one, many, many, one: what the machine does during the run weighs on both sides alike.
      const one = [await load(onePath)];
      const many = [await load(manyPath), await load(manyPath)];
      one.push(await load(onePath));
      const [oneMean, manyMean] = [mean(one), mean(many)];
      console.log(row(s.name, 'one way', oneMean));
      console.log(row(s.name, '4-12 variants', manyMean));
      console.log(`| ${s.name} | p99 variants / one way | | | ${((manyMean.p99 / oneMean.p99) * 100).toFixed(0)}% | |`);
    }
  } finally {
    await variants.stack.close();
    await plain.stack.close();
  }
}

async function main(): Promise<void> {
  if (options.compare === 'variants') await againstVariants();
  else if (options.compare === 'baseline') await againstBaseline();
  else throw new Error(`--compare is baseline or variants, not ${options.compare}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

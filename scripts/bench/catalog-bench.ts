/**
 * Catalog benchmark: search and the paged list through the whole stack (gateway -> NATS -> catalog ->
 * Postgres) against a bare baseline (one Node HTTP server running the same SQL on the same table), and one
 * product by id (the baseline reads the row by primary key). The gateway runs with API_CACHE=false, so every
 * request goes to the catalog and Postgres (the cached path has its own bench, api-cache-bench.ts).
 * Prints throughput, median and p99 latency, and the ratio. Run: npx tsx scripts/bench/catalog-bench.ts
 * Options: --products N (default 4000), --seconds N (default 10), --connections N (default 10).
 */
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Client, Pool } from 'pg';
import { buildSearchSql, TYPO_THRESHOLD } from '../../apps/catalog-service/src/products/product-search.sql';
import { generateProducts, TestStack } from '../../libs/server/testing/src';
import { benchOptions } from './bench-options';

const options = benchOptions({ products: 4000, seconds: 10, connections: 10 });
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

async function main(): Promise<void> {
  console.log(`Starting the stack (gateway + catalog) and generating ${PRODUCTS} products…`);
  const stack = await TestStack.start({ services: ['catalog-service'], env: { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', API_CACHE: 'false' } });
  const baseline = await startBaseline(stack.env.DATABASE_URL);
  try {
    const db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    await generateProducts(db, PRODUCTS);
    const { rows: [middle] } = await db.query('SELECT id FROM catalog.products ORDER BY created_at OFFSET $1 LIMIT 1', [Math.floor(PRODUCTS / 2)]);
    await db.end();

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, ${PRODUCTS} products\n`);
    console.log('| scenario | target | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|---|');
    console.log(`commit ${process.env.BENCH_COMMIT ?? '?'}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
    for (const s of SCENARIOS) {
      const path = s.path.replace(':id', middle.id);
      const gw = await load(stack.gatewayUrl + path);
      const base = await load(baseline.url + path);
      console.log(`| ${s.name} | gateway | ${gw.rps.toFixed(0)} | ${gw.p50} | ${gw.p99} | ${gw.errors} |`);
      console.log(`| ${s.name} | baseline | ${base.rps.toFixed(0)} | ${base.p50} | ${base.p99} | ${base.errors} |`);
      console.log(`| ${s.name} | ratio | ${((gw.rps / base.rps) * 100).toFixed(0)}% | | | |`);
    }
  } finally {
    await baseline.close();
    await stack.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Orders benchmark: order creation through the whole stack (gateway -> NATS -> order service -> catalog
 * settings and stock reservation over NATS -> Postgres insert with its outbox event -> expiry job in
 * Redis). Prints orders per second and median/p99 latency.
 * Two runs: every order for the same product (a hot product: reservations queue on its row lock), and
 * each order for one of --products products picked at random.
 * Run: npx tsx scripts/bench/orders-bench.ts   Options: --seconds N (default 10), --connections N (default 10), --products N (default 50).
 */
import autocannon from 'autocannon';
import { customer, withShop } from '../../libs/server/testing/src';
import { benchOptions } from './bench-options';

const options = benchOptions({ seconds: 10, connections: 10, products: 50 });
const SECONDS = options.seconds;
const CONNECTIONS = options.connections;
const PRODUCTS = options.products;
const VISITOR = 'uid-benchmark001';

async function main(): Promise<void> {
  console.log('Starting the stack (gateway + catalog + order + payment)…');
  await withShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', ORDER_VISITOR_RATE_LIMIT: '0' } }, async (stack, db) => {
    const { rows } = await db.query(
      `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
       SELECT 'Benchmark balm ' || i, 2500, '/api/files/demo/mango-lip-balm.svg', 'A balm', 1000000, 'Lip Balm'
         FROM generate_series(1, $1) AS i RETURNING id`,
      [PRODUCTS],
    );
    const ids: string[] = rows.map((r) => r.id);
    // autocannon sends the checkout's own request: ShopClient.placeOrder's body and headers.
    const bodyFor = (product: string) => JSON.stringify({ ...customer(VISITOR), orderItems: [{ product, qty: 1 }] });
    const headers = { 'content-type': 'application/json', 'x-visitor-id': VISITOR };
    const probe = await stack.client.placeOrder(VISITOR, [{ product: ids[0], qty: 1 }]);
    if (probe.status !== 201) throw new Error(`order creation failed: ${probe.status} ${JSON.stringify(probe.body)}`);
    const run = (duration: number, pick: () => string) =>
      autocannon({
        url: `${stack.gatewayUrl}/api/orders`,
        method: 'POST',
        headers,
        connections: CONNECTIONS,
        duration,
        requests: [{ setupRequest: (req) => ({ ...req, body: bodyFor(pick()) }) }],
      });

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run (after a 2 s warm-up), POST /api/orders (1 line, card)\n`);
    console.log('| scenario | orders/s | p50 ms | p99 ms | non-2xx + errors |');
    console.log('|---|---|---|---|---|');
    const scenarios: Array<[string, () => string]> = [
      ['one hot product', () => ids[0]],
      [`${PRODUCTS} products at random`, () => ids[Math.floor(Math.random() * ids.length)]],
    ];
    for (const [name, pick] of scenarios) {
      await run(2, pick);
      const r = await run(SECONDS, pick);
      console.log(`| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.non2xx} |`);
      if (r.errors + r.non2xx > 0) process.exitCode = 1; // a refused order is not a fast order: the figure is void
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

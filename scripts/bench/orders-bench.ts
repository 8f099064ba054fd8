/**
 * Orders benchmark: order creation through the whole stack (gateway -> NATS -> order service -> catalog
 * settings and stock reservation over NATS -> Postgres insert with its outbox event -> expiry job in
 * Redis). Prints orders per second and median/p99 latency.
 * Run: npx tsx scripts/bench/orders-bench.ts   Options: --seconds N (default 10), --connections N (default 10).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { TestStack } from '../../libs/server/testing/src';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } } });
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const VISITOR = 'uid-benchmark001';

async function main(): Promise<void> {
  console.log('Starting the stack (gateway + catalog + order + payment)…');
  const stack = await TestStack.start({ services: ['catalog-service', 'order-service', 'payment-service'], env: { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false' } });
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
       VALUES ('Benchmark balm', 2500, '/api/files/demo/mango-lip-balm.svg', 'A balm', 1000000, 'Lip Balm') RETURNING id`,
    );
    const body = JSON.stringify({
      id: VISITOR,
      fname: 'Asha',
      lname: 'Ramdial',
      email: 'asha@example.com',
      phone: '8685551234',
      city: 'Port of Spain',
      street: '12 Frederick St.',
      orderItems: [{ product: rows[0].id, qty: 1 }],
    });
    const run = (duration: number) =>
      autocannon({
        url: `${stack.gatewayUrl}/api/orders`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-visitor-id': VISITOR },
        body,
        connections: CONNECTIONS,
        duration,
      });
    const probe = await fetch(`${stack.gatewayUrl}/api/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-visitor-id': VISITOR }, body });
    if (probe.status !== 201) throw new Error(`order creation failed: ${probe.status} ${await probe.text()}`);
    await run(2); // warm-up
    const r = await run(SECONDS);
    const { rows: count } = await db.query('SELECT count(*)::int AS n FROM orders.orders');
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s, POST /api/orders (1 line, card)\n`);
    console.log('| orders/s | p50 ms | p99 ms | non-2xx + errors | orders written (incl. warm-up) |');
    console.log('|---|---|---|---|---|');
    console.log(`| ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.non2xx} | ${count[0].n} |`);
  } finally {
    await db.end();
    await stack.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

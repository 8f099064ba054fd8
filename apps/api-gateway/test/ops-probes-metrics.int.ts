import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { METRICS, seriesNames } from '@shop/server-ops';
import { FaultDb, freePort, type MetricSample, OwnNatsServer, placeInPerson, samplesOf, scrapeMetrics, type StackApp, type StackProcess, sumOf, TestStack, until } from '@shop/server-testing';

// Issue 16: every server app's ops port. After real traffic through the gateway (catalog reads, in-person
// orders that send mails, the health page), each app's /metrics shows its series with non-zero values; /readyz
// answers 503 while a process drains after SIGTERM and while its NATS is gone, and /livez stays 200 throughout.

const APPS: StackApp[] = ['api-gateway', 'catalog-service', 'order-service', 'payment-service', 'notification-service'];
const ORDERS = 3;

let stack: TestStack;
let db: FaultDb;

beforeAll(async () => {
  // No response cache, so that every catalog read reaches the catalog service over NATS.
  stack = await TestStack.start({ env: { API_CACHE: 'false', LOG_LEVEL: 'info', ORDER_RATE_LIMIT: '1000' } });
  db = await FaultDb.connect(stack);
}, 90_000);

afterAll(async () => {
  await db?.close();
  await stack?.close();
});

async function probe(proc: StackProcess, path: '/livez' | '/readyz'): Promise<{ status: number; body: { status?: string; failed?: string[]; checks?: Record<string, string> } }> {
  try {
    const res = await fetch(proc.opsUrl + path);
    return { status: res.status, body: (await res.json()) as { status?: string; failed?: string[] } };
  } catch {
    return { status: 0, body: {} };
  }
}

const one = (app: StackApp): StackProcess => stack.running(app)[0];

/** The images' HEALTHCHECK (deploy/healthcheck.js) against one process: its exit code and what it printed. */
function containerHealthcheck(proc: StackProcess): Promise<{ code: number; output: string }> {
  const script = resolve(__dirname, '../../../deploy/healthcheck.js');
  return new Promise((done) => {
    execFile(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', APP: proc.app, OPS_PORT: String(proc.opsPort) } }, (err, stdout, stderr) => {
      done({ code: err ? Number(err.code) : 0, output: `${stdout}${stderr}`.trim() });
    });
  });
}

describe('ops port of every server app', () => {
  let scraped: Record<string, MetricSample[]>;

  beforeAll(async () => {
    const productId = await db.product(100);
    for (let i = 0; i < 3; i++) {
      expect((await stack.request('/api/products')).status).toBe(200);
      expect((await stack.request(`/api/products/${productId}`)).status).toBe(200);
    }
    expect((await stack.request('/api/products/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await stack.request('/api/no-such-route')).status).toBe(404);
    for (let i = 0; i < ORDERS; i++) expect((await placeInPerson(stack, productId, 1)).status).toBe(201);
    // Each order sends the shopper a mail (and the owner one): wait until the shoppers' are sent.
    await until(
      async () => (await db.client.query(`SELECT count(*)::int AS n FROM notifications.mails WHERE kind = 'order_placed_in_person' AND status = 'sent'`)).rows[0].n,
      (n: number) => n >= ORDERS,
      30_000,
    );
    expect((await stack.request('/api/health')).status).toBe(200);
    scraped = Object.fromEntries(await Promise.all(APPS.map(async (app) => [app, await scrapeMetrics(one(app).opsUrl)] as const)));
  }, 90_000);

  it('answers /livez and /readyz 200 with Postgres, Redis and NATS up', async () => {
    for (const app of APPS) {
      expect({ app, ...(await probe(one(app), '/livez')) }).toEqual({ app, status: 200, body: { status: 'alive' } });
      expect({ app, ...(await probe(one(app), '/readyz')) }).toEqual({
        app,
        status: 200,
        body: { status: 'ready', failed: [], checks: { postgres: 'up', redis: 'up', nats: 'up' } },
      });
    }
  });

  it("passes the images' health check (deploy/healthcheck.js: /readyz on the ops port) in every app", async () => {
    for (const app of APPS) {
      const check = await containerHealthcheck(one(app));
      expect({ app, ...check }).toEqual({ app, code: 0, output: expect.stringMatching(/^healthy: http:\/\/127\.0\.0\.1:\d+\/readyz 200 /) });
    }
  });

  it('exports the process metrics and its readiness in every app', () => {
    for (const app of APPS) {
      const samples = scraped[app];
      expect({ app, rss: sumOf(samples, 'process_resident_memory_bytes') > 0 }).toEqual({ app, rss: true });
      expect({ app, lag: samplesOf(samples, 'nodejs_eventloop_lag_seconds').length }).toEqual({ app, lag: 1 });
      expect({ app, ready: sumOf(samples, METRICS.ready.name) }).toEqual({ app, ready: 1 });
      for (const dependency of ['postgres', 'redis', 'nats']) {
        expect({ app, dependency, up: sumOf(samples, METRICS.dependencyUp.name, { dependency }) }).toEqual({ app, dependency, up: 1 });
      }
    }
  });

  it('counts the gateway HTTP requests by route pattern and status, with latency histograms', () => {
    const gateway = scraped['api-gateway'];
    expect(sumOf(gateway, METRICS.httpRequests.name, { method: 'GET', route: '/api/products', status: '200' })).toBeGreaterThanOrEqual(3);
    // The route pattern, not the URL with the product's id.
    expect(sumOf(gateway, METRICS.httpRequests.name, { method: 'GET', route: '/api/products/:id', status: '200' })).toBeGreaterThanOrEqual(3);
    expect(sumOf(gateway, METRICS.httpRequests.name, { method: 'GET', route: '/api/products/:id', status: '404' })).toBe(1);
    expect(sumOf(gateway, METRICS.httpRequests.name, { method: 'POST', route: '/api/orders/inperson', status: '201' })).toBe(ORDERS);
    expect(sumOf(gateway, METRICS.httpRequests.name, { route: '(unmatched)', status: '404' })).toBe(1);
    // The second and third reads were answered from the cache before routing: still counted under their route.
    expect(sumOf(gateway, METRICS.httpRequests.name, { route: '(unmatched)', status: '200' })).toBe(0);
    expect(sumOf(gateway, `${METRICS.httpDuration.name}_count`, { method: 'POST', route: '/api/orders/inperson', status: '201' })).toBe(ORDERS);
    expect(sumOf(gateway, `${METRICS.httpDuration.name}_sum`, { method: 'POST', route: '/api/orders/inperson' })).toBeGreaterThan(0);
    expect(sumOf(gateway, `${METRICS.httpDuration.name}_bucket`, { route: '/api/orders/inperson', le: '+Inf' })).toBe(ORDERS);
    const routes = new Set(samplesOf(gateway, METRICS.httpRequests.name).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('counts NATS messages by pattern, kind and outcome in each service, with latency and errors', () => {
    const catalog = scraped['catalog-service'];
    expect(sumOf(catalog, METRICS.natsRequests.name, { pattern: 'catalog.products.get', kind: 'request', outcome: 'ok' })).toBeGreaterThanOrEqual(3);
    expect(sumOf(catalog, METRICS.natsRequests.name, { pattern: 'catalog.products.get', outcome: 'error' })).toBe(1);
    expect(sumOf(catalog, METRICS.natsErrors.name, { pattern: 'catalog.products.get', code: 'NOT_FOUND' })).toBe(1);
    expect(sumOf(catalog, `${METRICS.natsDuration.name}_count`, { pattern: 'catalog.stock.reserve', kind: 'request' })).toBeGreaterThanOrEqual(ORDERS);
    const order = scraped['order-service'];
    expect(sumOf(order, METRICS.natsRequests.name, { pattern: 'order.orders.create', kind: 'request', outcome: 'ok' })).toBe(ORDERS);
    const notification = scraped['notification-service'];
    // Order events arrive over JetStream and are counted as events.
    expect(sumOf(notification, METRICS.natsRequests.name, { kind: 'event', outcome: 'ok' })).toBeGreaterThanOrEqual(ORDERS);
    for (const app of ['catalog-service', 'order-service', 'payment-service', 'notification-service']) {
      // The health page asked each service's health pattern.
      const short = app.replace('-service', '');
      expect({ app, health: sumOf(scraped[app], METRICS.natsRequests.name, { pattern: `${short}.health`, outcome: 'ok' }) }).toEqual({ app, health: 1 });
    }
  });

  it('shows the queues by state, the outbox lag and the mails', () => {
    const order = scraped['order-service'];
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect({ state, n: samplesOf(order, METRICS.queueJobs.name, { queue: 'stock', state }).length }).toEqual({ state, n: 1 });
      expect({ state, n: samplesOf(scraped['notification-service'], METRICS.queueJobs.name, { queue: 'mail-send', state }).length }).toEqual({ state, n: 1 });
    }
    // The relay publishes within moments; the lag is a number of seconds, 0 when nothing waits.
    const lag = samplesOf(order, METRICS.outboxLag.name, { outbox: 'orders' });
    expect(lag).toHaveLength(1);
    expect(lag[0].value).toBeGreaterThanOrEqual(0);
    expect(samplesOf(order, METRICS.outboxPending.name, { outbox: 'orders' })).toHaveLength(1);
    expect(samplesOf(scraped['catalog-service'], METRICS.outboxLag.name, { outbox: 'catalog' })).toHaveLength(1);
    const notification = scraped['notification-service'];
    expect(sumOf(notification, METRICS.mailsSent.name, { kind: 'order_placed_in_person' })).toBe(ORDERS);
    expect(sumOf(notification, METRICS.mails.name, { status: 'sent' })).toBeGreaterThanOrEqual(ORDERS);
    expect(samplesOf(notification, METRICS.mails.name, { status: 'failed' })).toEqual([expect.objectContaining({ value: 0 })]);
  });

  it('exports under the catalogue names only', () => {
    const known = new Set(Object.values(METRICS).flatMap(seriesNames));
    for (const app of APPS) {
      const shop = new Set(scraped[app].map((s) => s.name).filter((name) => name.startsWith('shop_')));
      for (const name of shop) expect({ app, name, known: known.has(name) }).toEqual({ app, name, known: true });
    }
  });
});

describe('readiness', () => {
  it('turns off at SIGTERM while the process drains, with liveness on, then the process exits 0', async () => {
    // A second gateway and catalog that keep working DRAIN_DELAY_MS after SIGTERM, the window a balancer has to notice.
    const gatewayPort = await freePort();
    const gateway = await stack.startApp('api-gateway', { GATEWAY_PORT: String(gatewayPort), DRAIN_DELAY_MS: '3000' });
    const catalog = await stack.startApp('catalog-service', { DRAIN_DELAY_MS: '3000' });
    for (const proc of [gateway, catalog]) {
      expect((await probe(proc, '/readyz')).status).toBe(200);
      proc.child.kill('SIGTERM');
      const draining = await until(
        () => probe(proc, '/readyz'),
        (r) => r.status !== 200,
        5000,
      );
      expect({ app: proc.app, status: draining.status, failed: draining.body.failed }).toEqual({ app: proc.app, status: 503, failed: ['draining'] });
      expect({ app: proc.app, ...(await probe(proc, '/livez')) }).toEqual({ app: proc.app, status: 200, body: { status: 'alive' } });
      // Readiness is off, yet the draining gateway still answers what reaches it.
      if (proc === gateway) expect((await fetch(`http://127.0.0.1:${gatewayPort}/api/products`)).status).toBe(200);
      expect({ app: proc.app, code: await proc.exited }).toEqual({ app: proc.app, code: 0 });
    }
    const draining = gateway.lines.findIndex((l) => l.msg === 'readiness off: draining');
    const closed = gateway.lines.findIndex((l) => l.msg === 'shut down cleanly');
    expect(draining).toBeGreaterThanOrEqual(0);
    expect(closed).toBeGreaterThan(draining);
  }, 30_000);

  it('answers 503 naming NATS while its NATS server is gone, and 200 again once it is back; liveness stays on', async () => {
    const nats = await OwnNatsServer.start();
    try {
      // The payment service: no outbox relay or event consumer that a NATS of its own would take work from.
      const payment = await stack.startApp('payment-service', { NATS_URL: nats.url, PAYMENT_SANDBOX_PORT: String(await freePort()) });
      expect((await probe(payment, '/readyz')).status).toBe(200);
      await nats.kill();
      const down = await until(
        () => probe(payment, '/readyz'),
        (r) => r.status !== 200,
        10_000,
      );
      expect(down).toEqual({ status: 503, body: { status: 'not ready', failed: ['nats'], checks: { postgres: 'up', redis: 'up', nats: 'down' } } });
      expect(await probe(payment, '/livez')).toEqual({ status: 200, body: { status: 'alive' } });
      const check = await containerHealthcheck(payment);
      expect(check).toEqual({ code: 1, output: expect.stringContaining('unhealthy') });
      expect(check.output).toContain('503');
      await nats.start();
      const back = await until(
        () => probe(payment, '/readyz'),
        (r) => r.status === 200,
        15_000,
      );
      expect(back.status).toBe(200);
      await payment.stop();
    } finally {
      await nats.stop();
    }
  }, 45_000);
});

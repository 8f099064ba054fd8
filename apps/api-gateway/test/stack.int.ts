import { Client } from 'pg';
import { ServiceClient } from '@shop/server-messaging';
import { Pattern } from '@shop/contracts';
import { eventually, TestStack } from '@shop/server-testing';

/** Waits until the check holds, failing after a few seconds. */
const holds = (check: () => boolean | Promise<boolean>) => eventually(check, (ok) => ok, { what: 'condition', timeoutMs: 5000, intervalMs: 25 });

/** The wiring end to end: gateway -> NATS -> services -> Postgres, each app its own process. */
describe('the running stack', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // The gateway's cache off: these tests use GET /api/products as a probe of the NATS path (errors, replicas, outages).
    stack = await TestStack.start({ env: { API_CACHE: 'false' } });
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const sql = async (text: string) => {
    const client = new Client({ connectionString: stack.env.DATABASE_URL });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };

  it('reports every service, Postgres, Redis and NATS up', async () => {
    const res = await stack.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'up',
      services: { catalog: 'up', order: 'up', payment: 'up', notification: 'up' },
      postgres: 'up',
      redis: 'up',
      nats: 'up',
    });
  });

  it('lists the demo products from Postgres through the catalog service', async () => {
    const res = await stack.request('/api/products');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    const names = res.body.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Coconut Curl Moisturizer', 'Mango Butter Lip Balm', 'Sorrel Sugar Body Scrub']));
    const balm = res.body.find((p: { name: string }) => p.name === 'Mango Butter Lip Balm');
    expect(balm).toMatchObject({
      price: 25,
      oldprice: 0,
      countInStock: 60,
      type: 'Lip Balm',
      // A WebP rendered from the drawing and named like an upload (scripts/demo-images.ts).
      image: expect.stringMatching(/^\/api\/files\/demo\/images\/[0-9a-f]{32}-w800\.webp$/),
      // Three more pictures (issue 25): a close-up of the label, the texture, and a card with size and ingredients.
      subimages: [1, 2, 3].map(() => expect.stringMatching(/^\/api\/files\/demo\/images\/[0-9a-f]{32}-w800\.webp$/)),
    });
    expect(balm).not.toHaveProperty('reviews');
    expect(balm._id).toMatch(/^[0-9a-f-]{36}$/);
    // Newest first.
    const dates = res.body.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('answers one product, and 404 for an unknown or malformed id', async () => {
    const list = await stack.request('/api/products');
    const first = list.body[0];
    const one = await stack.request(`/api/products/${first._id}`);
    expect(one.status).toBe(200);
    // One product also carries its details (lists leave them out to stay small), and its options and variants (issue 28):
    // the newest demo product is sold one way, so its one variant is itself.
    const details = { ingredients: expect.any(String), howToUse: expect.any(String), size: expect.any(String), suitedFor: expect.any(String) };
    const variants = [{ _id: first._id, valueIds: [], label: '', sku: '', price: first.price, oldprice: first.oldprice, countInStock: first.countInStock, image: null, active: true }];
    expect(one.body).toEqual({ ...first, reviews: [], ...details, options: [], variants });

    const unknown = await stack.request('/api/products/00000000-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    const malformed = await stack.request("/api/products/not-an-id'--");
    expect(malformed).toMatchObject({ status: 404, body: { message: 'Product not found' } });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await stack.request('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('serves the demo images and their WebP copies with long-lived cache headers', async () => {
    const list = await stack.request('/api/products');
    for (const { image } of list.body as Array<{ image: string }>) {
      for (const url of [image, image.replace(/\.webp$/, '-320.webp'), image.replace(/\.webp$/, '-640.webp')]) {
        const res = await fetch(`${stack.gatewayUrl}${url}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
      }
    }
    const drawing = await fetch(`${stack.gatewayUrl}/api/files/demo/mango-lip-balm.svg`);
    expect(drawing.status).toBe(200);
    expect(drawing.headers.get('content-type')).toMatch(/image\/svg\+xml/);
  });

  it('gives an unknown error as a plain 500 and logs it with the request id in gateway and service', async () => {
    await sql('ALTER TABLE catalog.products RENAME TO products_hidden');
    try {
      const res = await stack.request('/api/products', { headers: { 'x-request-id': 'req-int-500-check' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
      expect(res.headers.get('x-request-id')).toBe('req-int-500-check');
      // Log lines travel through a pipe and may arrive just after the answer.
      await holds(() => stack.running('catalog-service')[0].lines.some((l) => l.requestId === 'req-int-500-check' && l.level === 50));
      await holds(() => stack.running('api-gateway')[0].lines.some((l) => l.requestId === 'req-int-500-check' && l.level === 50));
      expect(JSON.stringify(res.body)).not.toMatch(/products_hidden|relation|catalog/);
    } finally {
      await sql('ALTER TABLE catalog.products_hidden RENAME TO products');
    }
  });

  it('shares the work between two catalog replicas in one queue group', async () => {
    const second = await stack.startApp('catalog-service');
    try {
      const [first] = stack.running('catalog-service');
      const ids = Array.from({ length: 40 }, (_, i) => `req-replica-${i}-abcdef`);
      for (const id of ids) {
        const res = await stack.request('/api/products', { headers: { 'x-request-id': id } });
        expect(res.status).toBe(200);
      }
      const servedBy = (proc: typeof first) =>
        ids.filter((id) => proc.lines.some((l) => l.msg === 'handled message' && l.requestId === id));
      // Log lines travel through a pipe and may arrive just after the answer (CI once read 39 of 40).
      await holds(() => servedBy(first).length + servedBy(second).length >= ids.length).catch(() => undefined);
      const byFirst = servedBy(first);
      const bySecond = servedBy(second);
      expect(byFirst.length).toBeGreaterThan(0);
      expect(bySecond.length).toBeGreaterThan(0);
      // Each request was handled exactly once, by one replica.
      expect(byFirst.filter((id) => bySecond.includes(id))).toEqual([]);
      expect(byFirst.length + bySecond.length).toBe(ids.length);

      // The health answers name the replica, so both instance ids show up too.
      const client = new ServiceClient(stack.env.NATS_URL, 2000, stack.env.NATS_SUBJECT_PREFIX);
      try {
        const instances = new Set<string>();
        for (let i = 0; i < 30; i++) instances.add((await client.send(Pattern.CatalogHealth, {})).instance);
        expect(instances.size).toBe(2);
      } finally {
        await client.close();
      }
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('lets an in-flight request finish when a service is stopped with SIGTERM', async () => {
    const [catalog] = stack.running('catalog-service');
    const locker = new Client({ connectionString: stack.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE catalog.products IN ACCESS EXCLUSIVE MODE');
      const pending = stack.request('/api/products');
      // Wait until the catalog has the request and is blocked on the lock.
      await holds(async () => {
        const waiting = await sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
        return waiting.rows[0].n > 0;
      });
      catalog.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      await locker.query('COMMIT');
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(12);
      expect(await catalog.exited).toBe(0);
    } finally {
      await locker.end();
    }
  });

  it('answers 503 while the catalog is down and recovers when it is back, without a gateway restart', async () => {
    for (const proc of stack.running('catalog-service')) await proc.stop();
    const down = await stack.request('/api/products');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ message: expect.stringMatching(/unavailable/i) });
    const health = await stack.request('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.services.catalog).toBe('down');
    expect(health.body.services.order).toBe('up');

    const gatewayPid = stack.running('api-gateway')[0].child.pid;
    await stack.startApp('catalog-service');
    const back = await stack.request('/api/products');
    expect(back.status).toBe(200);
    expect(back.body).toHaveLength(12);
    expect(stack.running('api-gateway')[0].child.pid).toBe(gatewayPid);
  });

  it('answers 503 when a service hangs, after the NATS timeout', async () => {
    const [catalog] = stack.running('catalog-service');
    catalog.child.kill('SIGSTOP');
    try {
      const res = await stack.request('/api/products');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: expect.stringMatching(/unavailable/i) });
    } finally {
      catalog.child.kill('SIGCONT');
    }
  });
});

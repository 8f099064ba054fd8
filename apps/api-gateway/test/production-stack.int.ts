import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { NatsUser, Pattern } from '@shop/contracts';
import { redisUserArgs } from '@shop/server-config';
import { NATS_PASSWORD_ENV } from '@shop/server-messaging';
import { eventually, OwnNatsServer, OwnRedisServer, sandboxPay, sendPaymentResult, type StackApp, useShop, visitor } from '@shop/server-testing';
import { Redis } from 'ioredis';
import { connect, type NatsConnection, type Status } from 'nats';

/** The generated users and permissions that compose, Kubernetes and npm start give their nats-server. */
const NATS_AUTH_CONF = resolve(__dirname, '../../../deploy/k8s/base/nats/nats-auth.conf');
const USERS = Object.values(NatsUser);
// A letter first: nats-server reads the passwords from its environment as config values (see base-config.ts).
const secret = () => `s${randomBytes(18).toString('base64url')}`;

/**
 * The shop as production runs it (issue 24): NODE_ENV=production, NATS and Redis with a user per app (a
 * nats-server and a redis-server of this test's own, configured with the shop's generated users, never the
 * machine's shared ones, which take anyone), real secrets, the sandbox only as a staging shop.
 */
describe('a production stack on its own NATS and Redis users', () => {
  const natsPasswords = Object.fromEntries(USERS.map((user) => [user, secret()])) as Record<NatsUser, string>;
  const redisPasswords = Object.fromEntries(USERS.map((user) => [user, secret()])) as Record<NatsUser, string>;
  let nats: OwnNatsServer;
  let redis: OwnRedisServer;
  let appEnv: Partial<Record<StackApp, Record<string, string>>>;
  const opened: NatsConnection[] = [];

  const connectAs = async (user: NatsUser) => {
    const nc = await connect({ servers: nats.url, user, pass: natsPasswords[user], maxReconnectAttempts: 0 });
    opened.push(nc);
    return nc;
  };

  beforeAll(async () => {
    nats = await OwnNatsServer.start({ configFile: NATS_AUTH_CONF, env: Object.fromEntries(USERS.map((u) => [NATS_PASSWORD_ENV[u], natsPasswords[u]])) });
    redis = await OwnRedisServer.start({ args: redisUserArgs(redisPasswords) });
    appEnv = Object.fromEntries(USERS.map((u) => [u, { NATS_PASSWORD: natsPasswords[u], REDIS_PASSWORD: redisPasswords[u] }]));
  }, 120_000);

  const shop = useShop(() => ({
    natsUrl: nats.url,
    redisUrl: redis.url,
    env: {
      NODE_ENV: 'production',
      // The generated permissions are those of a deployment: no subject prefix (this NATS is the test's own).
      NATS_SUBJECT_PREFIX: '',
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      JWT_SECRET: secret(),
      ADMIN_PASSWORD: secret(),
      // Issue 29: signs the mails' tracking links and the found-orders grant (gateway and notification service).
      ORDER_LINK_SECRET: `${secret()}${secret()}`,
      // A staging shop: the sandbox pay page, allowed in production only so, signed with a key of its own.
      PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
      WIPAY_API_KEY: secret(),
    },
    appEnv,
  }), { timeoutMs: 120_000 });

  afterAll(async () => {
    await Promise.all(opened.map((nc) => nc.close().catch(() => undefined)));
    await nats?.stop();
    await redis?.stop();
  });

  it('runs the shop on its own users: health, a card order paid through the sandbox, its mail sent from the order events', async () => {
    const health = await shop.stack.request('/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'up' } });
    expect(Object.keys(health.body)).toEqual(['status']);
    const product = await shop.db.product(5, 3000);
    const placed = await shop.stack.client.placeOrder(visitor(), [{ product: product.id, qty: 1 }]);
    expect(placed.status).toBe(201);
    const { params } = await sandboxPay(shop.stack, placed.body._id);
    expect((await sendPaymentResult(shop.stack, placed.body._id, params)).status).toBe(200);
    // The order service committed the stock through its BullMQ job (Redis) and a request to the catalog.
    expect(await eventually(() => shop.db.stock(product.id), (s) => s.purchases === 1)).toEqual({ count_in_stock: 4, purchases: 1 });
    // The notification service consumed the order events from JetStream and sent their mails through its queue.
    const outbox = () => (existsSync(shop.stack.env.OUTBOX_DIR) ? readdirSync(shop.stack.env.OUTBOX_DIR).filter((f) => f.endsWith('.eml')) : []);
    expect((await eventually(async () => outbox(), (files) => files.length >= 2, 20_000)).length).toBeGreaterThanOrEqual(2);
    expect(shop.stack.processes.every((p) => !/Permissions Violation|NOAUTH|NOPERM|WRONGPASS/.test(p.text()))).toBe(true);
  });

  it("tells the gateway, on its own NATS user's permissions, that this staging shop's card payments are not real (the banner)", async () => {
    expect(await shop.stack.request('/api/payments/mode')).toMatchObject({ status: 200, body: { testPayments: true } });
    expect(shop.stack.processes.every((p) => !/Permissions Violation/.test(p.text()))).toBe(true);
  });

  it("refuses the catalog's NATS user an order admin subject, and lets it send what SENDS lists", async () => {
    const order = await connectAs(NatsUser.Order);
    const received: string[] = [];
    // Exact subjects: the order service's user may subscribe to its own patterns only, not to a wildcard.
    const subs = [Pattern.OrdersCancel, Pattern.OrdersSettleReservations].map((subject) => order.subscribe(subject, { callback: (err, msg) => received.push(err ? `error: ${err.message}` : msg.subject) }));
    await order.flush();

    const catalog = await connectAs(NatsUser.Catalog);
    const errors: Status[] = [];
    void (async () => {
      for await (const status of catalog.status()) if (status.type === 'error') errors.push(status);
    })();
    // A well-formed packet without a reply subject: the real order service takes it for an event and ignores it
    // (a body that is not JSON would stop the order service: Nest's NATS transport throws on it).
    const packet = new TextEncoder().encode(JSON.stringify({ pattern: 'ignored', data: {} }));
    catalog.publish(Pattern.OrdersCancel, packet);
    // Sent after the refused one on the same connection, so it arrives after it would have.
    catalog.publish(Pattern.OrdersSettleReservations, packet);
    await catalog.flush();
    await eventually(async () => received.length, (n) => n > 0);
    await eventually(async () => errors.length, (n) => n > 0);

    expect(received).toEqual([Pattern.OrdersSettleReservations]);
    expect(errors[0]).toMatchObject({ data: 'PERMISSIONS_VIOLATION', permissionContext: { operation: 'publish', subject: Pattern.OrdersCancel } });
    for (const sub of subs) sub.unsubscribe();
  });

  it('refuses a NATS client without credentials, or with another user\'s password', async () => {
    await expect(connect({ servers: nats.url, maxReconnectAttempts: 0 })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(connect({ servers: nats.url, user: NatsUser.Order, pass: natsPasswords[NatsUser.Catalog], maxReconnectAttempts: 0 })).rejects.toMatchObject({
      code: 'AUTHORIZATION_VIOLATION',
    });
  });

  it('refuses a Redis client without credentials, and an app user the dangerous commands', async () => {
    // No ready check: it would send INFO first, and the refused INFO closes the connection before PING is sent.
    const anonymous = new Redis(redis.url, { enableReadyCheck: false, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    anonymous.on('error', () => undefined);
    await anonymous.connect();
    await expect(anonymous.ping()).rejects.toThrow(/NOAUTH/);
    await expect(anonymous.auth(NatsUser.Catalog, 'not-the-password')).rejects.toThrow(/WRONGPASS/);
    anonymous.disconnect();

    const catalog = new Redis(redis.url, { username: NatsUser.Catalog, password: redisPasswords[NatsUser.Catalog], maxRetriesPerRequest: 0 });
    expect(await catalog.ping()).toBe('PONG');
    await expect(catalog.flushall()).rejects.toThrow(/NOPERM/);
    catalog.disconnect();

  });

  it('sends the browser security headers on every gateway answer, HSTS included', async () => {
    for (const path of ['/api/products', '/api/health', '/api/no-such-route', '/api/files/demo/aloe-castor-growth-butter.svg']) {
      const res = await fetch(shop.stack.gatewayUrl + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect([path, csp]).toEqual([path, expect.stringContaining("default-src 'none'")]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('keeps the OpenAPI UI off and says only up or down in public; the detail is on the ops port', async () => {
    expect((await shop.stack.request('/api/docs')).status).toBe(404);
    expect((await shop.stack.request('/api/docs/openapi.json')).status).toBe(404);
    const gateway = shop.stack.running('api-gateway')[0];
    const detail = await fetch(`${gateway?.opsUrl}/health`);
    expect([detail.status, await detail.json()]).toEqual([200, { status: 'up', services: { catalog: 'up', order: 'up', payment: 'up', notification: 'up' }, postgres: 'up', redis: 'up', nats: 'up' }]);
  });
});

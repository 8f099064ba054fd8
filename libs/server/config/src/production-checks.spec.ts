import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, natsCredentials, redisCredentials } from './base-config';
import { catalogConfigSchema } from './catalog-config';
import { gatewayConfigSchema } from './gateway-config';
import { notificationConfigSchema } from './notification-config';
import { orderConfigSchema } from './order-config';
import { paymentConfigSchema, sandboxInProduction } from './payment-config';
import { EXAMPLE_SECRET_VALUES } from './production-checks';

const CREDENTIALS = { NATS_PASSWORD: 'nats-secret-of-this-app', REDIS_PASSWORD: 'redis-secret-of-this-app' };
const PRODUCTION = { NODE_ENV: 'production', ...CREDENTIALS };
const REAL_PAYMENT = { ...PRODUCTION, PAYMENT_PROVIDER: 'wipay', WIPAY_ENVIRONMENT: 'live', WIPAY_API_KEY: 'f3a9c2e4b7d1a6c8e0f2' };
const REAL_LINK_SECRET = { ORDER_LINK_SECRET: 'a-real-order-link-secret-of-32-characters-or-more' };
const REAL_GATEWAY = { ...PRODUCTION, ...REAL_LINK_SECRET, JWT_SECRET: 'a-real-secret-of-some-length', ADMIN_PASSWORD: 'a-real-password' };

/** The lines a refused configuration prints (loadConfig's message without its heading). */
function refusals(load: () => unknown): string[] {
  try {
    load();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message.split('\n').slice(1).map((line) => line.trim());
  }
  throw new Error('the configuration was accepted');
}

describe('production refuses unsafe defaults', () => {
  it('refuses the sandbox provider, naming PAYMENT_PROVIDER, unless a staging shop says so', () => {
    expect(refusals(() => loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, PAYMENT_PROVIDER: 'sandbox' }))).toEqual([
      'PAYMENT_PROVIDER=sandbox takes no real payment; set wipay for production (or PAYMENT_SANDBOX_IN_PRODUCTION=true for a staging shop)',
    ]);
    expect(refusals(() => loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, WIPAY_ENVIRONMENT: 'sandbox' }))).toEqual([expect.stringMatching(/^WIPAY_ENVIRONMENT=sandbox takes no real payment/)]);
    const staging = loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' });
    expect(sandboxInProduction(staging)).toBe(true);
    expect(sandboxInProduction(loadConfig(paymentConfigSchema, REAL_PAYMENT))).toBe(false);
    // Outside production the sandbox stays the default, no flag needed.
    expect(loadConfig(paymentConfigSchema, {}).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('tells a staging shop (sandbox or WiPay sandbox under production with the flag) from a real or a development one, for the banner', () => {
    const sandbox = loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' });
    const wipaySandbox = loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, WIPAY_ENVIRONMENT: 'sandbox', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' });
    expect([sandboxInProduction(sandbox), sandboxInProduction(wipaySandbox)]).toEqual([true, true]);
    // The flag with WiPay live takes real payments: no banner.
    expect(sandboxInProduction(loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }))).toBe(false);
    expect(sandboxInProduction(loadConfig(paymentConfigSchema, REAL_PAYMENT))).toBe(false);
    // Development and tests run the sandbox without the flag, or with it: no banner.
    expect(sandboxInProduction(loadConfig(paymentConfigSchema, {}))).toBe(false);
    expect(sandboxInProduction(loadConfig(paymentConfigSchema, { NODE_ENV: 'development', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }))).toBe(false);
  });

  it("refuses WiPay's published sandbox key, an unset key and a short one, naming WIPAY_API_KEY (the staging flag does not lift it)", () => {
    const unset = { ...REAL_PAYMENT, WIPAY_API_KEY: undefined };
    expect(refusals(() => loadConfig(paymentConfigSchema, unset))).toEqual(['WIPAY_API_KEY still has the example value; set a real one for production']);
    expect(refusals(() => loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, WIPAY_API_KEY: '123', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' }))).toEqual([
      'WIPAY_API_KEY still has the example value; set a real one for production',
    ]);
    expect(refusals(() => loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, WIPAY_API_KEY: 'abc123' }))).toEqual([expect.stringMatching(/^WIPAY_API_KEY is shorter than WiPay's keys/)]);
  });

  it('refuses every example secret of .env.example, each on its own line naming the variable', () => {
    expect(refusals(() => loadConfig(gatewayConfigSchema, { ...REAL_GATEWAY, JWT_SECRET: 'change-me-development-only-secret', ADMIN_PASSWORD: 'change-me-admin' }))).toEqual([
      'JWT_SECRET still has the example value; set a real one for production',
      'ADMIN_PASSWORD still has the example value; set a real one for production',
    ]);
    expect(refusals(() => loadConfig(catalogConfigSchema, { ...PRODUCTION, NATS_PASSWORD: 'catalog-nats-local', DATABASE_URL: 'postgres://shop_catalog:shop-catalog-local@db:5432/shop' }))).toEqual([
      'NATS_PASSWORD still has the example value; set a real one for production',
      "DATABASE_URL holds an example password (.env.example's); set a real one for production",
    ]);
    expect(refusals(() => loadConfig(orderConfigSchema, { ...PRODUCTION, REDIS_PASSWORD: 'order-redis-local' }))).toEqual(['REDIS_PASSWORD still has the example value; set a real one for production']);
  });

  it("refuses the mails' link key (issue 29) missing or left at the example, in the gateway and the notification service", () => {
    const refused = 'ORDER_LINK_SECRET still has the example value; set a real one for production';
    for (const [schema, real] of [
      [gatewayConfigSchema, REAL_GATEWAY],
      [notificationConfigSchema, PRODUCTION],
    ] as const) {
      const { ORDER_LINK_SECRET: _real, ...without } = { ...real, ...REAL_LINK_SECRET };
      expect(refusals(() => loadConfig(schema, without))).toEqual([refused]);
      expect(refusals(() => loadConfig(schema, { ...without, ORDER_LINK_SECRET: 'change-me-order-link-secret-development-only' }))).toEqual([refused]);
      expect(refusals(() => loadConfig(schema, { ...without, ORDER_LINK_SECRET: 'too-short' }))).toEqual(['ORDER_LINK_SECRET must be at least 32 characters']);
      expect(loadConfig(schema, { ...without, ...REAL_LINK_SECRET }).ORDER_LINK_SECRET).toBe(REAL_LINK_SECRET.ORDER_LINK_SECRET);
    }
  });

  it('refuses every app without NATS and Redis credentials, naming NATS_PASSWORD and REDIS_PASSWORD', () => {
    const schemas = [catalogConfigSchema, orderConfigSchema, notificationConfigSchema];
    for (const schema of schemas) {
      expect(refusals(() => loadConfig(schema, { NODE_ENV: 'production', ...REAL_LINK_SECRET }))).toEqual([
        'NATS_PASSWORD is required in production (the password of NATS user NATS_USER)',
        'REDIS_PASSWORD is required in production (the password of Redis user REDIS_USERNAME)',
      ]);
    }
    expect(refusals(() => loadConfig(gatewayConfigSchema, { ...REAL_GATEWAY, REDIS_PASSWORD: undefined }))).toEqual([expect.stringMatching(/^REDIS_PASSWORD is required in production/)]);
    expect(refusals(() => loadConfig(paymentConfigSchema, { ...REAL_PAYMENT, NATS_PASSWORD: undefined }))).toEqual([expect.stringMatching(/^NATS_PASSWORD is required in production/)]);
  });

  it('connects as the app\'s own user with its password, and anonymously without one (outside production only)', () => {
    const catalog = loadConfig(catalogConfigSchema, CREDENTIALS);
    expect(natsCredentials(catalog)).toEqual({ user: 'catalog-service', pass: CREDENTIALS.NATS_PASSWORD });
    expect(redisCredentials(catalog)).toEqual({ username: 'catalog-service', password: CREDENTIALS.REDIS_PASSWORD });
    expect(redisCredentials(loadConfig(gatewayConfigSchema, { REDIS_USERNAME: 'default', REDIS_PASSWORD: 'managed' }))).toEqual({ username: 'default', password: 'managed' });
    const local = loadConfig(orderConfigSchema, {});
    expect([natsCredentials(local), redisCredentials(local)]).toEqual([{}, {}]);
  });
});

describe('the example values production refuses', () => {
  it('holds every secret value .env.example ships (passwords, secrets, keys)', () => {
    const lines = readFileSync(resolve(__dirname, '../../../../.env.example'), 'utf8').split('\n');
    // A limit named after what it limits (PASSWORD_RESET_RATE_LIMIT) is a number, not a secret.
    const secrets = lines
      .map((l) => /^([A-Z0-9_]*(PASSWORD|SECRET|API_KEY)[A-Z0-9_]*)=(.+)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null && !m[1].endsWith('_RATE_LIMIT'));
    expect(secrets.length).toBeGreaterThan(15);
    expect(secrets.filter((m) => !EXAMPLE_SECRET_VALUES.has(m[3] ?? '')).map((m) => m[1])).toEqual([]);
  });
});

describe('NATS passwords', () => {
  it("refuses one nats-server could not read from its environment (a digit first), naming NATS_PASSWORD", () => {
    expect(refusals(() => loadConfig(catalogConfigSchema, { NATS_PASSWORD: '9f3a2b' }))).toEqual([
      "NATS_PASSWORD: start with a letter, then only letters, digits, '-', '_' and '.' (nats-server parses it as a config value)",
    ]);
    expect(loadConfig(catalogConfigSchema, { NATS_PASSWORD: 'n9f3a2b-x_y.z' }).NATS_PASSWORD).toBe('n9f3a2b-x_y.z');
  });
});

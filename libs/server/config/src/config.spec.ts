import { configKeys, ConfigError, loadConfig } from './base-config';
import { catalogConfigSchema } from './catalog-config';
import { gatewayConfigSchema } from './gateway-config';
import { notificationConfigSchema } from './notification-config';
import { orderConfigSchema } from './order-config';
import { paymentConfigSchema } from './payment-config';

const SCHEMAS = {
  'api-gateway': gatewayConfigSchema,
  'catalog-service': catalogConfigSchema,
  'order-service': orderConfigSchema,
  'payment-service': paymentConfigSchema,
  'notification-service': notificationConfigSchema,
};

/** What every app needs under NODE_ENV=production: its NATS and Redis passwords. */
const PRODUCTION = { NODE_ENV: 'production', NATS_PASSWORD: 'nats-secret-of-this-app', REDIS_PASSWORD: 'redis-secret-of-this-app' };

describe('per-app configuration', () => {
  it('gives local defaults that run on a developer machine, each app on its own database role and ops port', () => {
    const urls = Object.values(SCHEMAS).map((schema) => loadConfig(schema, {}).DATABASE_URL);
    expect(urls).toEqual([
      'postgres://shop_gateway@127.0.0.1:5432/shop',
      'postgres://shop_catalog@127.0.0.1:5432/shop',
      'postgres://shop_order@127.0.0.1:5432/shop',
      'postgres://shop_payment@127.0.0.1:5432/shop',
      'postgres://shop_notification@127.0.0.1:5432/shop',
    ]);
    expect(Object.values(SCHEMAS).map((schema) => loadConfig(schema, {}).OPS_PORT)).toEqual([9400, 9401, 9402, 9403, 9404]);
    const order = loadConfig(orderConfigSchema, {});
    expect(order).toMatchObject({ REDIS_URL: 'redis://127.0.0.1:6379', NATS_URL: 'nats://127.0.0.1:4222', RESERVATION_TTL_SECONDS: 1800 });
    expect(loadConfig(paymentConfigSchema, {}).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig(notificationConfigSchema, {}).SMTP_URL).toBeUndefined();
  });

  it('starts the notification service in production without the gateway secrets', () => {
    const cfg = loadConfig(notificationConfigSchema, { ...PRODUCTION, SMTP_URL: 'smtps://u:p@smtp.example.com:465', ORDER_LINK_SECRET: 'a-real-order-link-secret-of-32-characters' });
    expect(cfg.NODE_ENV).toBe('production');
    expect(cfg).not.toHaveProperty('ADMIN_PASSWORD');
    expect(cfg).not.toHaveProperty('JWT_SECRET');
    // The services that hold no admin secret start in production on their defaults as well.
    for (const schema of [catalogConfigSchema, orderConfigSchema]) {
      expect(loadConfig(schema, PRODUCTION).NODE_ENV).toBe('production');
    }
    expect(loadConfig(paymentConfigSchema, { ...PRODUCTION, PAYMENT_PROVIDER: 'wipay', WIPAY_ENVIRONMENT: 'live', WIPAY_API_KEY: 'a-real-wipay-key-0123456789' }).NODE_ENV).toBe('production');
  });

  it("ignores another app's keys, even invalid ones, and never hands them on", () => {
    const env = { PAYMENT_PROVIDER: 'paypal', JWT_SECRET: 'short', WIPAY_API_KEY: 'live-key', STOCK_SWEEP_SECONDS: '5' };
    const catalog = loadConfig(catalogConfigSchema, env);
    expect(catalog.STOCK_SWEEP_SECONDS).toBe(5);
    expect(catalog).not.toHaveProperty('WIPAY_API_KEY');
    expect(catalog).not.toHaveProperty('JWT_SECRET');
    expect(() => loadConfig(paymentConfigSchema, env)).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig(gatewayConfigSchema, env)).toThrow(/JWT_SECRET/);
  });

  it("types each app's configuration with its own keys only (typecheck fails on another app's key)", () => {
    const notification = loadConfig(notificationConfigSchema, {});
    const catalog = loadConfig(catalogConfigSchema, {});
    // @ts-expect-error the notification service has no admin secret
    expect(notification.ADMIN_PASSWORD).toBeUndefined();
    // @ts-expect-error the catalog service never reads the WiPay key
    expect(catalog.WIPAY_API_KEY).toBeUndefined();
    // @ts-expect-error the catalog service never reads the gateway's port
    expect(catalog.GATEWAY_PORT).toBeUndefined();
    expect(notification.SHOP_OWNER_EMAIL).toBe('owner@example.com');
  });

  it('holds each secret in the one app that uses it', () => {
    const holders = (key: string) => Object.entries(SCHEMAS).filter(([, schema]) => configKeys(schema).includes(key)).map(([app]) => app);
    expect(holders('JWT_SECRET')).toEqual(['api-gateway']);
    expect(holders('ADMIN_PASSWORD')).toEqual(['api-gateway']);
    expect(holders('S3_SECRET_ACCESS_KEY')).toEqual(['api-gateway']);
    expect(holders('WIPAY_API_KEY')).toEqual(['payment-service']);
    expect(holders('SMTP_URL')).toEqual(['notification-service']);
    expect(holders('DATABASE_URL')).toHaveLength(5);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig(orderConfigSchema, { RESERVATION_TTL_SECONDS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig(orderConfigSchema, { RESERVATION_TTL_SECONDS: 'soon' })).toThrow(/RESERVATION_TTL_SECONDS/);
    expect(() => loadConfig(catalogConfigSchema, { DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it("gives the order service's holds and limits their defaults, and refuses a limit that is not a whole number from 0", () => {
    expect(loadConfig(orderConfigSchema, {})).toMatchObject({
      IN_PERSON_HOLD_SECONDS: 172_800,
      HOLD_MAX_QTY_PER_PRODUCT: 20,
      HOLD_MAX_OPEN_ORDERS: 5,
      HOLD_MAX_OPEN_UNITS: 60,
      FLAG_QUANTITY_FACTOR: 5,
      FLAG_CLIENT_ORDERS: 3,
    });
    expect(loadConfig(orderConfigSchema, { HOLD_MAX_OPEN_ORDERS: '0' }).HOLD_MAX_OPEN_ORDERS).toBe(0);
    expect(() => loadConfig(orderConfigSchema, { HOLD_MAX_QTY_PER_PRODUCT: '-1' })).toThrow(/HOLD_MAX_QTY_PER_PRODUCT/);
    expect(() => loadConfig(orderConfigSchema, { IN_PERSON_HOLD_SECONDS: '0' })).toThrow(/IN_PERSON_HOLD_SECONDS/);
    expect(() => loadConfig(orderConfigSchema, { HOLD_MAX_OPEN_UNITS: 'lots' })).toThrow(/HOLD_MAX_OPEN_UNITS/);
  });
});

import { ConfigError, EXAMPLE_SECRETS, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives local defaults that run on a developer machine', () => {
    const cfg = loadConfig({});
    expect(cfg.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/shop');
    expect(cfg.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(cfg.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(cfg.GATEWAY_PORT).toBe(3000);
    expect(cfg.PAYMENT_PROVIDER).toBe('sandbox');
    expect(cfg.RESERVATION_TTL_SECONDS).toBe(1800);
    expect(cfg.SMTP_URL).toBeUndefined();
  });

  it('refuses a production start with the example secret or password', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET still has the example value/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-some-length', ADMIN_PASSWORD: EXAMPLE_SECRETS.ADMIN_PASSWORD }),
    ).toThrow(/ADMIN_PASSWORD/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-secret-of-some-length', ADMIN_PASSWORD: 'a-real-password' }).NODE_ENV,
    ).toBe('production');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ GATEWAY_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ SMTP_URL: '', GATEWAY_PORT: '' }).GATEWAY_PORT).toBe(3000);
  });
});

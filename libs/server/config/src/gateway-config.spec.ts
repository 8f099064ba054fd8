import { ConfigError, loadConfig } from './base-config';
import { EXAMPLE_SECRETS, gatewayConfigSchema } from './gateway-config';

const load = (env: Record<string, string>) => loadConfig(gatewayConfigSchema, env);

describe('gateway configuration', () => {
  it('refuses a production start with the example secret or password', () => {
    const production = { NODE_ENV: 'production', NATS_PASSWORD: 'gateway-nats-secret', REDIS_PASSWORD: 'gateway-redis-secret' };
    expect(() => load(production)).toThrow(/JWT_SECRET still has the example value/);
    expect(() => load({ ...production, JWT_SECRET: 'a-real-secret-of-some-length', ADMIN_PASSWORD: EXAMPLE_SECRETS.ADMIN_PASSWORD })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(load({ ...production, JWT_SECRET: 'a-real-secret-of-some-length', ADMIN_PASSWORD: 'a-real-password', ORDER_LINK_SECRET: 'a-real-order-link-secret-of-32-characters' }).NODE_ENV).toBe('production');
  });

  it('names the variable that is wrong, and treats empty values as unset', () => {
    expect(() => load({ GATEWAY_PORT: 'eighty' })).toThrow(/GATEWAY_PORT/);
    expect(load({ GATEWAY_PORT: '' }).GATEWAY_PORT).toBe(3000);
  });

  it('defaults uploads to local disk, 5 MB and 40 megapixels', () => {
    const cfg = load({});
    expect(cfg.UPLOAD_STORAGE).toBe('local');
    expect(cfg.UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(cfg.UPLOAD_MAX_PIXELS).toBe(40_000_000);
    expect(cfg.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('needs a bucket for S3 storage, and both keys or neither', () => {
    expect(() => load({ UPLOAD_STORAGE: 's3' })).toThrow(/S3_BUCKET is required/);
    expect(load({ UPLOAD_STORAGE: 's3', S3_BUCKET: 'shop' }).S3_BUCKET).toBe('shop');
    expect(() => load({ S3_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
    expect(() => load({ S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
    expect(load({ S3_FORCE_PATH_STYLE: 'true', UPLOAD_MAX_BYTES: '1048576' })).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
      UPLOAD_MAX_BYTES: 1048576,
    });
  });

  it("keeps the proofs of transfer out of the public uploads: not inside UPLOADS_DIR, not in S3_BUCKET (issue 29)", () => {
    expect(load({}).PRIVATE_UPLOADS_DIR).toBe('var/private-uploads');
    expect(() => load({ UPLOADS_DIR: 'var/files', PRIVATE_UPLOADS_DIR: 'var/files/proofs' })).toThrow(/PRIVATE_UPLOADS_DIR must not be inside UPLOADS_DIR/);
    expect(() => load({ UPLOADS_DIR: 'var/files', PRIVATE_UPLOADS_DIR: './var/files' })).toThrow(/PRIVATE_UPLOADS_DIR/);
    expect(load({ UPLOADS_DIR: 'var/files', PRIVATE_UPLOADS_DIR: 'var/files-private' }).PRIVATE_UPLOADS_DIR).toBe('var/files-private');
    expect(() => load({ UPLOAD_STORAGE: 's3', S3_BUCKET: 'shop', S3_PRIVATE_BUCKET: 'shop' })).toThrow(/S3_PRIVATE_BUCKET must not be S3_BUCKET/);
    expect(load({ UPLOAD_STORAGE: 's3', S3_BUCKET: 'shop', S3_PRIVATE_BUCKET: 'shop-private' }).S3_PRIVATE_BUCKET).toBe('shop-private');
  });

  it('limits the public write routes per IP and per visitor by default, 0 turns one off, and refuses a bad value (issue 23)', () => {
    expect(load({})).toMatchObject({
      RATE_LIMIT_WINDOW_SECONDS: 600,
      ORDER_VISITOR_RATE_LIMIT: 20,
      REVIEW_RATE_LIMIT: 30,
      REVIEW_VISITOR_RATE_LIMIT: 5,
      QUOTE_RATE_LIMIT: 600,
      QUOTE_VISITOR_RATE_LIMIT: 200,
      DISCOUNT_CODE_RATE_LIMIT: 30,
      DISCOUNT_CODE_VISITOR_RATE_LIMIT: 15,
      CONTACT_RATE_LIMIT: 5,
      CONTACT_VISITOR_RATE_LIMIT: 5,
    });
    expect(load({ REVIEW_RATE_LIMIT: '0' }).REVIEW_RATE_LIMIT).toBe(0);
    expect(() => load({ REVIEW_VISITOR_RATE_LIMIT: '-1' })).toThrow(/REVIEW_VISITOR_RATE_LIMIT/);
    expect(() => load({ RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(/RATE_LIMIT_WINDOW_SECONDS/);
  });
});

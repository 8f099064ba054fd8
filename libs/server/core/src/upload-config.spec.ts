import { ConfigError, loadConfig } from './config';

describe('upload configuration', () => {
  it('defaults to local disk, 5 MB and 40 megapixels', () => {
    const cfg = loadConfig({});
    expect(cfg.UPLOAD_STORAGE).toBe('local');
    expect(cfg.UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(cfg.UPLOAD_MAX_PIXELS).toBe(40_000_000);
    expect(cfg.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('needs a bucket for S3 storage, and both keys or neither', () => {
    expect(() => loadConfig({ UPLOAD_STORAGE: 's3' })).toThrow(/S3_BUCKET is required/);
    expect(loadConfig({ UPLOAD_STORAGE: 's3', S3_BUCKET: 'shop' }).S3_BUCKET).toBe('shop');
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
    expect(loadConfig({ S3_FORCE_PATH_STYLE: 'true', UPLOAD_MAX_BYTES: '1048576' })).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
      UPLOAD_MAX_BYTES: 1048576,
    });
  });
});

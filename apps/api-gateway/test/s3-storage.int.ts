import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayConfigSchema, loadConfig } from '@shop/server-config';
import { bearer, useShop } from '@shop/server-testing';
import S3rver from 's3rver';
import sharp from 'sharp';
import { S3FileStorage } from '../src/uploads/s3-file-storage';
import { createPrivateFileStorage } from '../src/uploads/private-file-storage';

const BUCKET = 'shop-images';
const PRIVATE_BUCKET = 'shop-private';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// s3rver's own test credentials. The SDK signs every request with them; s3rver (3.7.1) does not check the
// signature, so this test proves the wire format and the storage's behaviour, not the credentials.
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * The S3 storage against a real S3-compatible server over HTTP (s3rver, on a free port with its own folder):
 * the storage class itself, then the gateway's upload API configured with UPLOAD_STORAGE=s3.
 */
describe('S3 upload storage against an S3-compatible server', () => {
  let server: S3rver;
  let folder: string;
  let endpoint: string;
  const s3Env = () => ({ UPLOAD_STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', ...KEYS });

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'shop-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder, configureBuckets: [{ name: BUCKET, configs: [] }, { name: PRIVATE_BUCKET, configs: [] }] });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  describe('S3FileStorage', () => {
    let storage: S3FileStorage;
    beforeAll(() => {
      storage = S3FileStorage.fromConfig(loadConfig(gatewayConfigSchema, s3Env()));
    });
    afterAll(() => storage?.close());

    it('uploads a file that is then readable through its public URL, with its type and cache headers', async () => {
      const key = `images/${Date.now().toString(36)}-upload.png`;
      const data = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c63' } }).png().toBuffer();
      await storage.put(key, data, 'image/png');

      const url = storage.urlOf(key);
      expect(url).toBe(`${endpoint}/${BUCKET}/${key}`);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
      await storage.delete(key);
    });

    it('replaces a file under the same key: the public URL then serves the new bytes and type', async () => {
      const key = `images/${Date.now().toString(36)}-replace.webp`;
      await storage.put(key, Buffer.from('first version'), 'text/plain');
      const second = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } }).webp().toBuffer();
      await storage.put(key, second, 'image/webp');

      const res = await fetch(storage.urlOf(key));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await res.arrayBuffer()).equals(second)).toBe(true);
      await storage.delete(key);
    });

    it('deletes a file (its URL then answers 404), and deleting it again is not an error', async () => {
      const key = `images/${Date.now().toString(36)}-delete.jpg`;
      await storage.put(key, Buffer.from('bytes to delete'), 'image/jpeg');
      expect((await fetch(storage.urlOf(key))).status).toBe(200);

      await storage.delete(key);
      expect((await fetch(storage.urlOf(key))).status).toBe(404);
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it("keeps a private file (issue 29's proofs of transfer) in S3_PRIVATE_BUCKET: read back by the gateway, with no address", async () => {
      const store = await createPrivateFileStorage(loadConfig(gatewayConfigSchema, { ...s3Env(), S3_PRIVATE_BUCKET: PRIVATE_BUCKET }));
      try {
        const key = `transfer-proofs/${Date.now().toString(36)}/proof.pdf`;
        const data = Buffer.from('%PDF-1.4 private receipt %%EOF');
        await store.put(key, data, 'application/pdf');
        expect((await store.read(key))?.equals(data)).toBe(true);
        expect(() => store.urlOf(key)).toThrow('A private file has no public address');
        // Not in the public bucket, under the same key.
        expect((await fetch(`${endpoint}/${BUCKET}/${key}`)).status).toBe(404);
        await store.delete(key);
        expect(await store.read(key)).toBeNull();
      } finally {
        store.close();
      }
    });

    it('fails clearly when the bucket does not exist, and refuses unsafe keys before any request', async () => {
      const missing = S3FileStorage.fromConfig(loadConfig(gatewayConfigSchema, { ...s3Env(), S3_BUCKET: 'no-such-bucket' }));
      try {
        await expect(missing.put('images/x.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
      } finally {
        missing.close();
      }
      await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe storage key/);
    });
  });

  describe('the gateway with UPLOAD_STORAGE=s3', () => {
    // A function: the S3 server's endpoint is known only once the outer beforeAll has started it.
    const shop = useShop(() => ({ services: [], env: { LOG_LEVEL: 'info', ADMIN_USERNAME: 's3-owner', ADMIN_PASSWORD: 's3-owner-pass-1', ...s3Env() } }), { admin: true, timeoutMs: 60_000 });

    it('stores an admin upload and its variants in the bucket, each readable at the URL the API answers', async () => {
      const png = await sharp({ create: { width: 700, height: 350, channels: 3, background: '#e78a3c' } }).png().toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
      const res = await shop.stack.request('/api/uploads', { method: 'POST', headers: bearer(shop.admin), body: form });

      expect(res.status).toBe(201);
      expect(res.body.url).toMatch(new RegExp(`^${endpoint}/${BUCKET}/images/[0-9a-f]{32}-w700\\.png$`));
      expect(res.body.variants.map((v: { width: number }) => v.width)).toEqual([320, 640]);
      for (const [url, format, width] of [
        [res.body.url, 'png', 700],
        ...res.body.variants.map((v: { url: string; width: number }) => [v.url, 'webp', v.width]),
      ] as Array<[string, string, number]>) {
        const file = await fetch(url);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe(`image/${format}`);
        expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format, width });
      }
    });
  });
});

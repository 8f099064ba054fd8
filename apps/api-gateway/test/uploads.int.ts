import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, useShop } from '@shop/server-testing';
import sharp from 'sharp';
import { forgedToken, nonAdminToken } from './support/auth';

const OWNER = { ADMIN_USERNAME: 'uploads-owner', ADMIN_PASSWORD: 'uploads-owner-pass-1' };
const FIVE_MB = 5 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const RANDOM_NAME = /^\/api\/files\/images\/[0-9a-f]{32}-w\d+(-\d+)?\.(jpg|png|webp)$/;

/** A picture with some detail (so encoders have work to do), in the given size. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 230, g: 120, b: 60 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2a6"/></svg>`,
      ),
    },
  ]);

interface Part {
  field?: string;
  data: Buffer | string;
  filename: string;
  type: string;
}

/** Admin image uploads through the gateway: checks, sharp processing, local storage and serving. */
describe('uploads API', () => {
  const shop = useShop({ services: [], env: { LOG_LEVEL: 'info', ...OWNER } }, { admin: true, timeoutMs: 60_000 });
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = shop.stack.env.UPLOADS_DIR;
  }, 60_000);

  const upload = (parts: Part[], headers: Record<string, string> = bearer(shop.admin)) => {
    const form = new FormData();
    for (const part of parts) {
      const bytes = typeof part.data === 'string' ? part.data : new Uint8Array(part.data);
      form.append(part.field ?? 'image', new Blob([bytes], { type: part.type }), part.filename);
    }
    return shop.stack.request('/api/uploads', { method: 'POST', headers, body: form });
  };
  const storedFiles = () => (existsSync(join(uploadsDir, 'images')) ? readdirSync(join(uploadsDir, 'images')).sort() : []);
  const fileOf = (url: string) => readFileSync(join(uploadsDir, url.replace(/^\/api\/files\//, '')));
  const fetchFile = async (url: string) => {
    const res = await fetch(shop.stack.gatewayUrl + url);
    return { res, data: Buffer.from(await res.arrayBuffer()) };
  };

  it('takes a JPEG: turned upright, metadata stripped, WebP variants not wider than the original', async () => {
    const jpeg = await picture(1600, 900)
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Copyright: 'Private camera owner', Artist: 'Jane Doe', Make: 'PhoneCo', Model: 'X1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect(sent.exif?.toString('latin1')).toContain('Private camera owner');
    expect(sent.orientation).toBe(6);

    const res = await upload([{ data: jpeg, filename: 'holiday photo.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(201);
    // Orientation 6 is a quarter turn: stored upright, 900 wide and 1600 high.
    expect(res.body).toMatchObject({ width: 900, height: 1600, url: expect.stringMatching(RANDOM_NAME) });
    expect(res.body.url).toMatch(/\.jpg$/);
    expect(res.body.url).not.toContain('holiday');
    // 1280 is wider than the 900-pixel original, so that variant is not made.
    expect(res.body.variants.map((v: { width: number }) => v.width)).toEqual([320, 640]);
    expect(res.body.srcset).toBe(`${res.body.variants[0].url} 320w, ${res.body.variants[1].url} 640w, ${res.body.url} 900w`);

    const stored = await sharp(fileOf(res.body.url)).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 900, height: 1600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(fileOf(res.body.url).toString('latin1')).not.toMatch(/Private camera owner|Jane Doe|PhoneCo/);

    for (const variant of res.body.variants) {
      expect(variant.url).toMatch(RANDOM_NAME);
      const meta = await sharp(fileOf(variant.url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
      expect(meta.height).toBe(Math.round((variant.width * 1600) / 900));
      expect(meta.exif).toBeUndefined();
    }
  });

  it('serves the original and the variants with long-lived immutable cache headers', async () => {
    const res = await upload([{ data: await picture(1400, 700).png().toBuffer(), filename: 'banner.png', type: 'image/png' }]);
    expect(res.status).toBe(201);
    expect(res.body.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 1280]);
    const original = await fetchFile(res.body.url);
    expect(original.res.status).toBe(200);
    expect(original.res.headers.get('content-type')).toBe('image/png');
    expect(original.res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(original.data.equals(fileOf(res.body.url))).toBe(true);
    for (const variant of res.body.variants) {
      const served = await fetchFile(variant.url);
      expect(served.res.status).toBe(200);
      expect(served.res.headers.get('content-type')).toBe('image/webp');
      expect(served.res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect((await sharp(served.data).metadata()).width).toBe(variant.width);
    }
  });

  it('takes a PNG, keeping it a PNG with its transparency', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const res = await upload([{ data: png, filename: 'logo.png', type: 'image/png' }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 2000, height: 1000 });
    expect(res.body.url).toMatch(/\.png$/);
    const meta = await sharp(fileOf(res.body.url)).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
    expect(res.body.srcset).toMatch(/ 1280w, \/api\/files\/images\/[0-9a-f]{32}-w2000\.png 2000w$/);
  });

  it('takes a WebP, and makes no variant wider than a small original', async () => {
    const webp = await picture(500, 400).webp().toBuffer();
    const res = await upload([{ data: webp, filename: 'small.webp', type: 'image/webp' }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 500, height: 400 });
    expect(res.body.url).toMatch(/^\/api\/files\/images\/[0-9a-f]{32}-w500\.webp$/);
    expect(res.body.variants).toEqual([{ width: 320, url: expect.stringMatching(/-320\.webp$/) }]);
    expect((await sharp(fileOf(res.body.url)).metadata()).format).toBe('webp');
  });

  it('goes by the content, not the name or declared type: a PNG named .jpg is stored as a PNG', async () => {
    const png = await picture(400, 300).png().toBuffer();
    const res = await upload([{ data: png, filename: 'photo.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/\.png$/);
    expect((await sharp(fileOf(res.body.url)).metadata()).format).toBe('png');
    const served = await fetchFile(res.body.url);
    expect(served.res.headers.get('content-type')).toBe('image/png');
  });

  describe('refusals (400 with a clear message, nothing stored)', () => {
    let before: string[];
    beforeEach(() => {
      before = storedFiles();
    });
    afterEach(() => {
      expect(storedFiles()).toEqual(before);
    });

    it('a text file named .png', async () => {
      const res = await upload([{ data: 'this is not an image at all', filename: 'fake.png', type: 'image/png' }]);
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'The file is not a JPEG, PNG or WebP image: only JPEG, PNG and WebP images are accepted' },
      });
    });

    it('a GIF', async () => {
      const gif = await picture(64, 64).gif().toBuffer();
      const res = await upload([{ data: gif, filename: 'anim.gif', type: 'image/gif' }]);
      expect(res).toMatchObject({ status: 400, body: { message: 'The file is a GIF image: only JPEG, PNG and WebP images are accepted' } });
    });

    it('a file over the 5 MB limit, saying the limit', async () => {
      const big = Buffer.concat([await picture(100, 100).jpeg().toBuffer(), Buffer.alloc(FIVE_MB, 1)]);
      const res = await upload([{ data: big, filename: 'huge.jpg', type: 'image/jpeg' }]);
      expect(res).toMatchObject({ status: 400, body: { message: 'The image is too big: at most 5 MB is accepted' } });
    });

    it('an image of more than 40 megapixels', async () => {
      const png = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } }).png().toBuffer();
      expect(png.length).toBeLessThan(FIVE_MB);
      const res = await upload([{ data: png, filename: 'poster.png', type: 'image/png' }]);
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'The image is too large: 8000 x 5001 pixels, at most 40 megapixels are accepted' },
      });
    });

    it('a damaged image that cannot be decoded', async () => {
      const jpeg = await picture(600, 400).jpeg().toBuffer();
      const res = await upload([{ data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), filename: 'cut.jpg', type: 'image/jpeg' }]);
      expect(res).toMatchObject({ status: 400, body: { message: 'The image could not be read: the file is damaged or incomplete' } });
      const garbage = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 0x41)]);
      const res2 = await upload([{ data: garbage, filename: 'bad.png', type: 'image/png' }]);
      expect(res2).toMatchObject({ status: 400, body: { message: 'The image could not be read: the file is damaged or incomplete' } });
    });

    it('no file at all', async () => {
      const form = new FormData();
      form.append('note', 'no image here');
      const res = await shop.stack.request('/api/uploads', { method: 'POST', headers: bearer(shop.admin), body: form });
      expect(res).toMatchObject({ status: 400, body: { message: 'No image was sent: send one file in the multipart field "image"' } });
      const json = await shop.stack.request('/api/uploads', {
        method: 'POST',
        headers: { ...bearer(shop.admin), 'content-type': 'application/json' },
        body: JSON.stringify({ image: 'https://example.com/a.jpg' }),
      });
      expect(json).toMatchObject({ status: 400, body: { message: 'No image was sent: send one file in the multipart field "image"' } });
    });

    it('two files, or a file in another field', async () => {
      const jpeg = await picture(200, 200).jpeg().toBuffer();
      const two = await upload([
        { data: jpeg, filename: 'a.jpg', type: 'image/jpeg' },
        { data: jpeg, filename: 'b.jpg', type: 'image/jpeg' },
      ]);
      expect(two).toMatchObject({ status: 400, body: { message: 'Send exactly one image, in the multipart field "image"' } });
      const other = await upload([{ field: 'file', data: jpeg, filename: 'a.jpg', type: 'image/jpeg' }]);
      expect(other).toMatchObject({ status: 400, body: { message: 'Send exactly one image, in the multipart field "image"' } });
    });

    it('a request without a token, or with a forged one (401)', async () => {
      const jpeg = await picture(200, 200).jpeg().toBuffer();
      const none = await upload([{ data: jpeg, filename: 'a.jpg', type: 'image/jpeg' }], {});
      expect(none).toMatchObject({ status: 401, body: { message: 'Not authorized, no token' } });
      const forged = await upload([{ data: jpeg, filename: 'a.jpg', type: 'image/jpeg' }], bearer(forgedToken()));
      expect(forged).toMatchObject({ status: 401, body: { message: 'Not authorized, token failed' } });
    });

    it('a valid token of an account that is not an admin (403)', async () => {
      const jpeg = await picture(200, 200).jpeg().toBuffer();
      const res = await upload([{ data: jpeg, filename: 'a.jpg', type: 'image/jpeg' }], bearer(await nonAdminToken(shop.stack)));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.any(String) });
    });
  });

  it('documents the route as a multipart upload in OpenAPI', async () => {
    const res = await shop.stack.request('/api/docs/openapi.json');
    const op = res.body.paths['/api/uploads'].post;
    expect(op.requestBody.content['multipart/form-data'].schema.properties.image).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
  });
});

import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { freePort, startStorefrontServer, useShop } from '@shop/server-testing';

import sharp from 'sharp';

/**
 * Issue 23, item 6: `GET /og/product/{id}.jpg` is anonymous and made the storefront's server download the product's
 * picture from wherever its URL pointed, internal addresses included. It now fetches only the shop's own pictures;
 * a local listener standing in for an internal service must never see a connection. (The storefront's SSR server
 * over the real stack: with the gateway's tests, because the storefront's own tests are web code.)
 */
describe('link-preview pictures fetch only the shop\'s own pictures', () => {
  const shop = useShop({ services: ['catalog-service'], env: { LOG_LEVEL: 'info' } });
  let storefront: { url: string; child: ChildProcess };
  let listener: Server;
  let listenerPort: number;
  /** Connections the stand-in for an internal service saw. */
  let connections = 0;
  let token: string;

  beforeAll(async () => {
    storefront = await startStorefrontServer({ port: await freePort(), gatewayUrl: shop.stack.gatewayUrl });
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    listenerPort = (listener.address() as AddressInfo).port;
    const login = await shop.stack.request('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'change-me-admin' }),
    });
    token = login.body.token;
  }, 90_000);

  afterAll(async () => {
    storefront?.child.kill('SIGTERM');
    await new Promise<void>((r) => (listener ? listener.close(() => r()) : r()));
  });

  /** A product whose picture is `image`, made by the owner in the admin (the API accepts any https address). */
  async function productWithImage(image: string): Promise<string> {
    const res = await shop.stack.request('/api/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Preview test ${Math.random().toString(36).slice(2, 8)}`, price: 25, image, description: 'A test', countInStock: 5, type: 'Lip Balm' }),
    });
    expect(res.status).toBe(201);
    return res.body._id;
  }

  async function preview(id: string): Promise<Buffer> {
    const res = await fetch(`${storefront.url}/og/product/${id}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    return bytes;
  }

  it('never connects to an internal address, and shows the default picture instead', async () => {
    const typed = await productWithImage(`https://127.0.0.1:${listenerPort}/internal/secret.png`);
    // Older rows, or a row written around the API: plain http to the same listener and a cloud metadata address.
    const plain = await productWithImage('/api/files/demo/mango-lip-balm.svg');
    await shop.db.query('UPDATE catalog.products SET image = $1 WHERE id = $2', [`http://127.0.0.1:${listenerPort}/x.png`, plain]);
    const metadata = await productWithImage('https://169.254.169.254/latest/meta-data/iam.png');

    const fallback = await preview(typed);
    expect(await preview(plain)).toEqual(fallback);
    expect(await preview(metadata)).toEqual(fallback);
    expect(connections).toBe(0);
  });

  it("draws the shop's own uploads, and not an upload that is not a picture", async () => {
    const demo = await shop.stack.request('/api/products');
    const withPicture = demo.body.find((p: { image: string }) => p.image.startsWith('/api/files/') && p.image.endsWith('.webp'));
    expect(withPicture).toBeDefined();
    const drawn = await preview(withPicture._id);
    // An SVG served by the gateway is the shop's, but not JPEG, PNG or WebP: the default picture.
    const svg = await productWithImage('/api/files/demo/mango-lip-balm.svg');
    const fallback = await preview(svg);
    expect(drawn).not.toEqual(fallback);
    expect(connections).toBe(0);
  });
});

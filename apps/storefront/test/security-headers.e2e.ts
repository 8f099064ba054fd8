import { watchCspViolations } from '@shop/browser-testing';
import { fetchProducts, gotoInApp, STOREFRONT_URL, useBrowserPages } from './support/browser';

const open = useBrowserPages();

/**
 * Issue 24: the storefront's SSR server (started by the e2e setup with NODE_ENV=production) sends the browser
 * security headers itself, and its Content-Security-Policy allows what the shop really loads: a real Chromium
 * reports no violation on home, products, a product, media (photos, a YouTube player) and checkout.
 */
describe('storefront security headers', () => {
  it('sends CSP with frame-ancestors none, nosniff, Referrer-Policy and HSTS on pages, files and errors', async () => {
    const products = await fetchProducts();
    for (const path of ['/', '/products', `/product/${products[0]?._id}`, '/media', '/checkout', '/robots.txt', '/sw.js', '/no-such-file.js']) {
      const res = await fetch(STOREFRONT_URL + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect([path, csp]).toEqual([path, expect.stringContaining("frame-ancestors 'none'")]);
      expect(csp).toContain("script-src 'self';");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
    // /api answers are the gateway's own, passed through.
    expect((await fetch(`${STOREFRONT_URL}/api/products`)).headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('reports no CSP violation on home, products, a product, media with a video, and checkout (service worker on)', async () => {
    const products = await fetchProducts();
    const { page } = await open('desktop', { serviceWorkers: 'allow' });
    const violations = await watchCspViolations(page);

    await page.goto(`${STOREFRONT_URL}/`);
    await page.getByRole('heading', { level: 2, name: 'Welcome To' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.active ?? r?.installing ?? r?.waiting)));
    const seen = [...(await violations())];

    await page.goto(`${STOREFRONT_URL}/products`);
    await page.getByRole('article').first().waitFor();
    seen.push(...(await violations()));

    const product = products[0];
    await page.goto(`${STOREFRONT_URL}/product/${product?._id}`);
    await page.getByRole('heading', { level: 1, name: product?.name }).waitFor();
    seen.push(...(await violations()));

    await page.goto(`${STOREFRONT_URL}/product/${product?._id}`);
    await page.getByRole('button', { name: /add to cart/i }).first().click();
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    seen.push(...(await violations()));

    // Media in a second page without the service worker: page.route does not see the worker's requests.
    const { page: gallery } = await open('desktop');
    const galleryViolations = await watchCspViolations(gallery);
    // The gallery as the owner fills it; YouTube itself is not reachable from the test machine.
    await gallery.route('**/api/controls', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as Array<{ mediaSettings: { photos: string[]; videos: string[] } }>;
      list[0].mediaSettings = { photos: products.slice(0, 2).map((p) => p.image), videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] };
      await route.fulfill({ response, json: list });
    });
    await gallery.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' }));
    await gallery.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }));
    // First as the server renders it (its own settings), then drawn by the app with a video to play.
    await gallery.goto(`${STOREFRONT_URL}/media`);
    seen.push(...(await galleryViolations()));
    await gotoInApp(gallery, '/media');
    await gallery.getByRole('heading', { level: 2, name: 'Videos' }).waitFor();
    await gallery.getByRole('button', { name: 'Play video 1' }).click();
    await gallery.getByRole('dialog', { name: 'Video' }).locator('iframe').waitFor();
    await gallery.frameLocator('iframe').getByText('video').waitFor();
    seen.push(...(await galleryViolations()));

    expect(seen).toEqual([]);
  });
});

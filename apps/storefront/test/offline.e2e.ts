import type { ProductSummary } from '@shop/contracts';
import { SIZES } from '@shop/browser-testing';
import { fetchProducts, openProduct, STOREFRONT_URL, useBrowserPages } from './support/browser';

/**
 * Installable and offline (issue 18): after a first visit online, the service worker keeps the app, the pages
 * seen and their pictures; with the network gone a visited product and the cart still show, a page never seen
 * gets the offline page, and checkout says it needs the network.
 */
describe.each(SIZES)('storefront offline (%s)', (viewport) => {
  const open = useBrowserPages();
  let visited: ProductSummary;
  let unvisited: ProductSummary;

  beforeAll(async () => {
    const inStock = (await fetchProducts()).filter((p) => p.countInStock > 0);
    const [first, second] = inStock;
    if (!first || !second) throw new Error('two products in stock are needed');
    [visited, unvisited] = [first, second];
  });

  it('serves the manifest and the service worker', async () => {
    const manifest = (await (await fetch(`${STOREFRONT_URL}/manifest.webmanifest`)).json()) as { name: string; icons: { sizes: string; purpose?: string }[]; display: string };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    const worker = await fetch(`${STOREFRONT_URL}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('shows a visited product and the cart offline, and the offline page for a product never seen', async () => {
    const { context, page } = await open(viewport, { serviceWorkers: 'allow' });
    await page.goto(`${STOREFRONT_URL}/`);
    // The worker installs after the first load and takes the page over (clients.claim).
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

    await openProduct(page, visited);
    await page.getByRole('button', { name: /add to cart/i }).click();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    await page.getByRole('link', { name: visited.name }).first().waitFor();

    await context.setOffline(true);
    try {
      // A page seen before: its saved copy, alive (the app's code comes from the worker's precache).
      await openProduct(page, visited);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      // Said plainly: the shopper is looking at a copy, not at today's page.
      expect(await page.getByRole('status').filter({ hasText: 'You are offline. This is a copy of this page' }).count()).toBe(1);

      // The cart lives in the browser: its lines show without a network.
      await page.goto(`${STOREFRONT_URL}/cart`);
      await page.getByRole('heading', { level: 1, name: /cart/i }).waitFor();
      await page.getByRole('link', { name: visited.name }).first().waitFor();

      // Checkout needs the network and says so.
      await page.goto(`${STOREFRONT_URL}/checkout`);
      await page.getByText('Checkout needs an internet connection').waitFor();

      // A product never opened: the offline page, plainly.
      await page.goto(`${STOREFRONT_URL}/product/${unvisited._id}`);
      await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
      expect(await page.getByText(unvisited.name).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });
});

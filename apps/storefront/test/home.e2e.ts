import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ProductSummary } from '@shop/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const STOREFRONT_URL = (process.env.STOREFRONT_URL ?? 'http://localhost:4200').replace(/\/$/, '');
const SCREENSHOTS = resolve(__dirname, '../../../test-output/screenshots');

const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The shop's money format written out independently of @shop/money, so a broken formatter fails here. */
function ttd(amount: number): string {
  return `TT$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

async function fetchProducts(): Promise<ProductSummary[]> {
  const response = await fetch(`${STOREFRONT_URL}/api/products`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProductSummary[];
}

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh page at the given size that records uncaught errors and console errors. */
async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** Scrolls through the page so lazy images load, then waits until every image has decoded. */
async function loadAllImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  }
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

describe('storefront home', () => {
  it.each(Object.entries(VIEWPORTS))('shows every product with its TT$ price (%s)', async (name, viewport) => {
    const products = await fetchProducts();
    expect(products.length).toBeGreaterThan(0);
    const { page, errors } = await openPage(viewport);

    await page.goto(`${STOREFRONT_URL}/`);
    await page.getByRole('heading', { level: 3, name: products[0].name, exact: true }).waitFor();

    const cards = page.getByRole('main').getByRole('article');
    expect(await cards.count()).toBe(products.length);
    for (const product of products) {
      const card = cards.filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
      expect(await card.count()).toBe(1);
      const text = await card.innerText();
      expect(text).toContain(ttd(product.price));
      expect(await card.getByRole('img', { name: product.name, exact: true }).getAttribute('src')).toBe(product.image);
      const struck = card.locator('del');
      if (product.oldprice > 0) expect(await struck.innerText()).toContain(ttd(product.oldprice));
      else expect(await struck.count()).toBe(0);
      if (product.promotext) expect(text).toContain(product.promotext);
    }

    // Money is only ever shown as TT$: no bare dollar sign anywhere on the page.
    expect(await page.locator('body').innerText()).not.toMatch(/(?<!TT)\$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    if (name === 'phone') {
      expect(await nav.getByRole('link', { name: 'Track Orders' }).isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
    } else {
      expect(await menu.isVisible()).toBe(false);
    }
    for (const link of ['Home', 'Products', 'Media', 'Track Orders', 'Contact Us', 'Cart']) {
      expect(await nav.getByRole('link', { name: link, exact: true }).isVisible()).toBe(true);
    }
    if (name === 'phone') {
      // Any click outside the open menu closes it.
      await page.getByRole('contentinfo').getByText('Prices in Trinidad and Tobago dollars').click();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.getByRole('link', { name: 'Track Orders' }).isVisible()).toBe(false);
    }

    await loadAllImages(page);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `storefront-home-${name}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });

  it("shows the server's message when the products cannot be loaded", async () => {
    const { page } = await openPage(VIEWPORTS.phone);
    await page.route('**/api/products', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Catalogue is resting' }) }),
    );

    await page.goto(`${STOREFRONT_URL}/`);

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Oops, an error occurred: Catalogue is resting');
  });

  it('sends unknown paths to the Page Not Found screen, which links home', async () => {
    const { page } = await openPage(VIEWPORTS.desktop);

    await page.goto(`${STOREFRONT_URL}/no-such-page`);

    await page.getByRole('heading', { name: 'Page Not Found.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/`);
  });
});

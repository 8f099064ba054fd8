import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, STOREFRONT_URL, VIEWPORTS } from './support/browser';

/** Issue 6's budget: JavaScript needed for the first view of the home page, gzipped. */
const FIRST_VIEW_JS_BUDGET = 120 * 1024;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('storefront speed budget', () => {
  it('needs at most 120 KB of gzipped JavaScript for the first view of the home page', async () => {
    const { context, page } = await openPage(browser, VIEWPORTS.phone);
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      const url = response.url();
      if (!url.startsWith(STOREFRONT_URL) || !/\.m?js(\?|$)/.test(url)) return;
      void response.body().then((body) => scripts.set(url, gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${STOREFRONT_URL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 2, name: "What's Trending?" }).waitFor();
    await context.close();

    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const lines = [...scripts].map(([url, size]) => `  ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    console.log(`First view of / : ${(total / 1024).toFixed(1)} KB of gzipped JavaScript in ${scripts.size} files\n${lines.join('\n')}`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(FIRST_VIEW_JS_BUDGET);
  });
});

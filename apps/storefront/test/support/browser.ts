import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ProductSummary } from '@shop/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const STOREFRONT_URL = (process.env.STOREFRONT_URL ?? 'http://localhost:4200').replace(/\/$/, '');
const SCREENSHOTS = resolve(__dirname, '../../../../test-output/screenshots');

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The shop's money format written out independently of @shop/money, so a broken formatter fails here. */
export function ttd(amount: number): string {
  return `TT$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export async function fetchProducts(): Promise<ProductSummary[]> {
  const response = await fetch(`${STOREFRONT_URL}/api/products`);
  if (response.status !== 200) throw new Error(`GET /api/products answered ${response.status}`);
  return (await response.json()) as ProductSummary[];
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors seen so far. */
  errors: string[];
}

/** A fresh browser context (its own storage, so its own visitor id and cart) with one page at the given size. */
export async function openPage(browser: Browser, viewport: { width: number; height: number }): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Checks that nothing is wider than the screen, loads every image (lazy ones too, e.g. off to the side in a
 * carousel), waits until they have decoded, then saves a full-page shot.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) throw new Error(`${name}: the page is ${overflow}px wider than the screen`);
  await page.evaluate(() => {
    for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) (img as HTMLImageElement).loading = 'eager';
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  }
  try {
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, {
      timeout: 15_000,
    });
  } catch {
    const missing = await page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => !(img.complete && img.naturalWidth > 0))
        .map((img) => img.currentSrc || img.src),
    );
    throw new Error(`${name}: these images did not load: ${missing.join(', ')}`);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Registers a test file's browser hooks: one Chromium for the file, and every page a test opened closed
 * after it. Answers the function that opens a page (its own context) at a named size.
 */
export function useBrowserPages(): (viewport: ViewportName) => Promise<OpenedPage> {
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(opened.map((o) => o.context.close()));
    opened = [];
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (viewport) => {
    if (!browser) throw new Error('the browser is not running');
    const o = await openPage(browser, VIEWPORTS[viewport]);
    opened.push(o);
    return o;
  };
}

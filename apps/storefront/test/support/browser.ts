import { newWatchedPage, type OpenedPage, scanAccessibility, useBrowser, VIEWPORTS, type ViewportName } from '@shop/browser-testing';
import type { ProductSummary } from '@shop/contracts';
import type { Browser, Page } from 'playwright-core';

export const STOREFRONT_URL = (process.env.STOREFRONT_URL ?? 'http://localhost:4200').replace(/\/$/, '');

/**
 * The card payment's result page, with the provider's parameters or after the page has cleaned its address (it
 * replaces it once read, which may be before a test starts waiting).
 */
export const PAYMENT_RESULT_URL = new RegExp(`^${STOREFRONT_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/checkout/[^/?]+`);

/**
 * The accessibility scan of a page as a browser without JavaScript has it: axe runs as a script, so the page's HTML
 * (its styles are in it) is scanned in a page of its own (`blank`, with scripts on), without the page's scripts.
 */
export async function scanWithoutScripts(shown: Page, blank: () => Promise<{ page: Page }>): Promise<Awaited<ReturnType<typeof scanAccessibility>>> {
  const html = (await shown.content()).replace(/<script\b[\s\S]*?<\/script>/g, '');
  const { page } = await blank();
  await page.setContent(html, { waitUntil: 'load' });
  return scanAccessibility(page);
}

export async function fetchProducts(): Promise<ProductSummary[]> {
  const response = await fetch(`${STOREFRONT_URL}/api/products`);
  if (response.status !== 200) throw new Error(`GET /api/products answered ${response.status}`);
  return (await response.json()) as ProductSummary[];
}

/**
 * The storefront's public screens arrive rendered by the server and run without the app (React) until the
 * shopper first interacts with the page (main.tsx): then the app loads and hydrates it (what was done meanwhile
 * was plain HTML: links and forms the server answered). Tests of what the app does act as a shopper who has started using the page: after
 * each load of a storefront page, goto and reload press Shift (a key that changes nothing) once the page's early
 * script listens (`data-early` on <html>), then wait for the app's mark (`data-hydrated`, set by the root
 * layout). Pages without the app (the offline page) are not waited for. before-hydration.e2e.ts tests the page
 * before the app.
 */
export function waitForAppOnLoad(page: Page): void {
  const ready = async () => {
    const state = await page.waitForFunction(() => {
      const html = document.documentElement.dataset;
      if (!document.getElementById('root')) return 'no-app';
      if (html.hydrated === 'true') return 'hydrated';
      return html.early === 'true' ? 'early' : false;
    });
    if ((await state.jsonValue()) !== 'early') return;
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (url.startsWith(STOREFRONT_URL) && options?.waitUntil !== 'commit') await ready();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (page.url().startsWith(STOREFRONT_URL) && options?.waitUntil !== 'commit') await ready();
    return response;
  };
}

/**
 * Opens a screen the way a link inside the app does (the browser's router loads its data), not as a first load
 * (which the SSR server renders with data it fetched itself). For tests that change the API answers the
 * browser sees with `page.route`: the app is started on the cart (drawn in the browser), then moved to `path`.
 */
export async function gotoInApp(page: Page, path: string): Promise<void> {
  await page.goto(`${STOREFRONT_URL}/cart`);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`${STOREFRONT_URL}${path}`);
}

/** Opens a product's page as a first load and waits for its heading, the product's name. */
export async function openProduct(page: Page, product: { _id: string; name: string }): Promise<void> {
  await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
}

export interface PageOptions {
  /** 'allow' for the tests of the storefront's service worker (offline use); blocked by default. */
  serviceWorkers?: 'allow' | 'block';
  /** false for a browser with JavaScript turned off (the pages must work as plain HTML); on by default. */
  javaScript?: boolean;
}

/** A fresh browser context (its own storage, so its own visitor id and cart) with one page at the given size. */
export async function openPage(browser: Browser, viewport: { width: number; height: number }, options: PageOptions = {}): Promise<OpenedPage> {
  // The service worker is blocked unless a test asks for it: requests it makes are not seen by `page.route`, so a
  // worker installed by an earlier screen would answer a test's mocked API calls from the network.
  const javaScriptEnabled = options.javaScript ?? true;
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, serviceWorkers: options.serviceWorkers ?? 'block', javaScriptEnabled });
  const opened = await newWatchedPage(context);
  if (javaScriptEnabled) waitForAppOnLoad(opened.page);
  return opened;
}

/**
 * Registers a test file's browser hooks: one Chromium for the file, and every page a test opened closed
 * after it. Answers the function that opens a page (its own context) at a named size.
 */
export function useBrowserPages(): (viewport: ViewportName, options?: PageOptions) => Promise<OpenedPage> {
  const hooks = useBrowser();
  return async (viewport, options) => hooks.keep(await openPage(hooks.browser, VIEWPORTS[viewport], options));
}

/** The visitor's newest order, from the API (a response body cannot be read once the page has navigated away). */
export async function newestOrderId(visitorId: string): Promise<string> {
  const response = await fetch(`${STOREFRONT_URL}/api/orders/tracking/${visitorId}`, { headers: { 'X-Visitor-Id': visitorId } });
  const orders = (await response.json()) as Array<{ _id: string }>;
  if (!orders[0]) throw new Error(`no order for ${visitorId}`);
  return orders[0]._id;
}

/** The visitor id the next card order is placed with (read from its request: the page then leaves for the payment page). */
export function nextOrderVisitorId(page: Page): Promise<string> {
  return page
    .waitForRequest((r) => new URL(r.url()).pathname === '/api/orders' && r.method() === 'POST')
    .then((r) => r.headers()['x-visitor-id'] ?? '');
}

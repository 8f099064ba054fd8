import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The two sizes every browser test looks at a screen in. */
export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
/** Both sizes by name, for `describe.each`. */
export const SIZES = Object.keys(VIEWPORTS) as ViewportName[];

/** The machine's headless Chromium, as every browser test starts it. */
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

/** A new page in `context` whose uncaught errors and console errors are collected. */
export async function newWatchedPage(context: BrowserContext): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** A test file's Chromium and the contexts its tests opened. */
export interface BrowserHooks {
  /** The file's browser (started before the file's first test). */
  readonly browser: Browser;
  /** Closes the context of `opened` after the current test; answers `opened`. */
  keep<T extends { context: BrowserContext }>(opened: T): T;
}

/**
 * Registers a test file's browser hooks: one Chromium for the file, and every context kept through `keep`
 * closed after the test that opened it. Call it before the file's own hooks, which may then use the browser.
 */
export function useBrowser(): BrowserHooks {
  let browser: Browser | undefined;
  let kept: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(kept.map((context) => context.close()));
    kept = [];
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser is not running');
      return browser;
    },
    keep(opened) {
      kept.push(opened.context);
      return opened;
    },
  };
}

/**
 * Records every Content-Security-Policy violation the page reports, from its first script on; answers the function
 * that reads them (console messages and `securitypolicyviolation` events).
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

/** The money format written out independently of @shop/money, so a broken formatter fails the tests. */
export function ttd(amount: number): string {
  return `TT$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

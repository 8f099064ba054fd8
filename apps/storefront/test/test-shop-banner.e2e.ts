import type { Page } from 'playwright-core';
import { saveScreenshot, scanAccessibility, SIZES, useBrowser, VIEWPORTS } from '@shop/browser-testing';
import { STOREFRONT_URL, waitForAppOnLoad } from './support/browser';

/** The run's staging shop (e2e-staging-shop.ts): its payment service on the sandbox under NODE_ENV=production. */
const STAGING = {
  storefront: (process.env.STAGING_STOREFRONT_URL ?? '').replace(/\/$/, ''),
  admin: (process.env.STAGING_ADMIN_URL ?? '').replace(/\/$/, ''),
  gateway: (process.env.STAGING_GATEWAY_URL ?? '').replace(/\/$/, ''),
};
/** The run's main shop (NODE_ENV=test): a normal shop, no banner. */
const NORMAL = {
  storefront: STOREFRONT_URL,
  admin: (process.env.ADMIN_URL ?? 'http://localhost:4300').replace(/\/$/, ''),
  gateway: (process.env.GATEWAY_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
};
const BANNER_TEXT = 'Test shop: card payments here are not real, and no money is taken.';

/**
 * Issue 24: a staging shop (the payment service on the sandbox under NODE_ENV=production, allowed by
 * PAYMENT_SANDBOX_IN_PRODUCTION=true) says on every page, storefront and admin, that its card payments are not real;
 * the run's main shop, a normal one, says nothing of the kind.
 */
describe('the test-shop banner', () => {
  const chromium = useBrowser();

  const html = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return response.text();
  };
  /** The banner's text in an HTML page (tags removed), or null. */
  const bannerIn = (page: string) => {
    const element = /<div class="test-shop-banner"[^>]*>([\s\S]*?)<\/div>/.exec(page);
    return element ? (element[1] ?? '').replace(/<[^>]+>/g, '') : null;
  };
  const bannerOf = (page: Page) => page.getByRole('region', { name: 'Test shop' });

  it("is the payment service's to say: the staging gateway answers testPayments true, the normal one false", async () => {
    const staging = await fetch(`${STAGING.gateway}/api/payments/mode`);
    expect(await staging.json()).toEqual({ testPayments: true });
    expect(staging.headers.get('cache-control')).toMatch(/^public/);
    expect(await (await fetch(`${NORMAL.gateway}/api/payments/mode`)).json()).toEqual({ testPayments: false });
  });

  it("is in the storefront's server HTML of every page, rendered screens and the shell alike; a normal shop's have none", async () => {
    for (const path of ['/', '/products', '/contact', '/cart', '/checkout', '/tracking', '/index.html']) {
      const staging = await html(STAGING.storefront + path);
      expect([path, bannerIn(staging)]).toEqual([path, BANNER_TEXT]);
      // Before the app's root, which React owns.
      expect(staging.indexOf('class="test-shop-banner"')).toBeLessThan(staging.indexOf('id="root"'));
      const normal = await html(NORMAL.storefront + path);
      expect([path, bannerIn(normal), normal.includes('Test shop')]).toEqual([path, null, false]);
    }
  });

  it.each(SIZES)('shows on a storefront page without JavaScript and after the app runs, readable (%s)', async (size) => {
    const bare = await chromium.browser.newContext({ viewport: VIEWPORTS[size], javaScriptEnabled: false });
    try {
      const page = await bare.newPage();
      await page.goto(`${STAGING.storefront}/products`);
      await expect(bannerOf(page).innerText()).resolves.toBe(BANNER_TEXT);
    } finally {
      await bare.close();
    }
    // The accessibility scan adds axe to the page as a script of its own, which the shop's CSP refuses: bypassed here.
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS[size], deviceScaleFactor: 1, serviceWorkers: 'block', bypassCSP: true });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      waitForAppOnLoad(page);
      await page.goto(`${STAGING.storefront}/products`);
      // The app has hydrated (waitForAppOnLoad) and the banner is still there, once.
      await expect(bannerOf(page).count()).resolves.toBe(1);
      await expect(bannerOf(page).isVisible()).resolves.toBe(true);
      // Contrast and landmarks, the whole page as a shopper sees it.
      expect(await scanAccessibility(page)).toEqual([]);
      await saveScreenshot(page, `test-shop-banner-storefront-${size}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(SIZES)("shows above the admin's login screen and the dashboard of the staging shop, not the normal shop's (%s)", async (size) => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS[size], deviceScaleFactor: 1, bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.goto(`${STAGING.admin}/admin/`);
      await bannerOf(page).waitFor();
      await expect(bannerOf(page).innerText()).resolves.toBe(BANNER_TEXT);
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      expect(await scanAccessibility(page)).toEqual([]);
      await saveScreenshot(page, `test-shop-banner-admin-login-${size}`);

      // Signed in, on the dashboard: still there, once.
      await page.getByLabel('Username').fill(process.env.ADMIN_USERNAME ?? 'admin');
      await page.getByLabel('Password').fill(process.env.ADMIN_PASSWORD ?? 'change-me-admin');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL((url) => !url.pathname.includes('login'));
      await page.getByRole('navigation').first().waitFor();
      await expect(bannerOf(page).innerText()).resolves.toBe(BANNER_TEXT);
      await expect(bannerOf(page).count()).resolves.toBe(1);

      // The normal shop's admin asks too and, told false, shows nothing.
      const asked = page.waitForResponse((response) => response.url().endsWith('/api/payments/mode'));
      await page.goto(`${NORMAL.admin}/admin/`);
      expect(await (await asked).json()).toEqual({ testPayments: false });
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      await expect(bannerOf(page).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});

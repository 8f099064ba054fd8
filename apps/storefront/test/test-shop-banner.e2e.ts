import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { scanAccessibility } from '@shop/browser-testing';
import { NatsUser } from '@shop/contracts';
import { redisUserArgs } from '@shop/server-core';
import { freePort, OwnRedisServer, type StackApp, startAdminPreview, startStorefrontServer, TestStack } from '@shop/server-testing';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, STOREFRONT_URL, VIEWPORTS, type ViewportName, waitForAppOnLoad } from './support/browser';

const MAIN_ADMIN_URL = (process.env.ADMIN_URL ?? 'http://localhost:4300').replace(/\/$/, '');
const MAIN_GATEWAY_URL = (process.env.GATEWAY_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const BANNER_TEXT = 'Test shop: card payments here are not real, and no money is taken.';
const secret = () => `s${randomBytes(18).toString('base64url')}`;

/**
 * Issue 24: a staging shop (the payment service on the sandbox under NODE_ENV=production, allowed by
 * PAYMENT_SANDBOX_IN_PRODUCTION=true) says on every page, storefront and admin, that its card payments are not real.
 * This file runs a staging shop of its own: its payment service in production mode, which needs a Redis user of its
 * own (a redis-server of this test's, configured with the shop's generated users); the storefront's SSR server and
 * the admin's build in front of it. The run's main shop (NODE_ENV=test) is the normal one: no banner.
 */
describe('the test-shop banner', () => {
  const redisPasswords = Object.fromEntries(Object.values(NatsUser).map((user) => [user, secret()])) as Record<NatsUser, string>;
  let redis: OwnRedisServer;
  let stack: TestStack;
  const children: ChildProcess[] = [];
  let storefrontUrl: string;
  let adminUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    redis = await OwnRedisServer.start({ args: redisUserArgs(redisPasswords) });
    const services: StackApp[] = ['catalog-service', 'payment-service'];
    const appEnv: Partial<Record<StackApp, Record<string, string>>> = Object.fromEntries(
      (['api-gateway', ...services] as StackApp[]).map((app) => [app, { REDIS_PASSWORD: redisPasswords[app as NatsUser] }]),
    );
    appEnv['payment-service'] = {
      ...appEnv['payment-service'],
      NODE_ENV: 'production',
      PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
      WIPAY_API_KEY: secret(),
      // The machine's shared NATS takes anyone; production only requires that the app has a password.
      NATS_PASSWORD: secret(),
    };
    stack = await TestStack.start({ services, redisUrl: redis.url, appEnv });
    const storefront = await startStorefrontServer({ port: await freePort(), gatewayUrl: stack.gatewayUrl });
    children.push(storefront.child);
    storefrontUrl = storefront.url;
    const admin = await startAdminPreview(await freePort(), stack.gatewayUrl, storefrontUrl);
    children.push(admin.child);
    adminUrl = admin.url;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const child of children) child.kill('SIGTERM');
    await stack?.close();
    await redis?.stop();
  });

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

  it('is the payment service\'s to say: the staging gateway answers testPayments true, the normal one false', async () => {
    const staging = await fetch(`${stack.gatewayUrl}/api/payments/mode`);
    expect(await staging.json()).toEqual({ testPayments: true });
    expect(staging.headers.get('cache-control')).toMatch(/^public/);
    expect(await (await fetch(`${MAIN_GATEWAY_URL}/api/payments/mode`)).json()).toEqual({ testPayments: false });
  });

  it("is in the storefront's server HTML of every page, rendered screens and the shell alike; a normal shop's have none", async () => {
    for (const path of ['/', '/products', '/contact', '/cart', '/checkout', '/tracking', '/index.html']) {
      const staging = await html(storefrontUrl + path);
      expect([path, bannerIn(staging)]).toEqual([path, BANNER_TEXT]);
      // Before the app's root, which React owns.
      expect(staging.indexOf('class="test-shop-banner"')).toBeLessThan(staging.indexOf('id="root"'));
      const normal = await html(STOREFRONT_URL + path);
      expect([path, bannerIn(normal), normal.includes('Test shop')]).toEqual([path, null, false]);
    }
  });

  const bannerOf = (page: Page) => page.getByRole('region', { name: 'Test shop' });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])('shows on a storefront page without JavaScript and after the app runs, readable (%s)', async (size) => {
    const bare = await browser.newContext({ viewport: VIEWPORTS[size], javaScriptEnabled: false });
    try {
      const page = await bare.newPage();
      await page.goto(`${storefrontUrl}/products`);
      await expect(bannerOf(page).innerText()).resolves.toBe(BANNER_TEXT);
    } finally {
      await bare.close();
    }
    // The accessibility scan adds axe to the page as a script of its own, which the shop's CSP refuses: bypassed here.
    const context = await browser.newContext({ viewport: VIEWPORTS[size], deviceScaleFactor: 1, serviceWorkers: 'block', bypassCSP: true });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      waitForAppOnLoad(page);
      await page.goto(`${storefrontUrl}/products`);
      // The app has hydrated (openPage waits for it) and the banner is still there, once.
      await expect(bannerOf(page).count()).resolves.toBe(1);
      await expect(bannerOf(page).isVisible()).resolves.toBe(true);
      // Contrast and landmarks, the whole page as a shopper sees it.
      expect(await scanAccessibility(page)).toEqual([]);
      await screenshot(page, `test-shop-banner-storefront-${size}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(Object.keys(VIEWPORTS) as ViewportName[])("shows above the admin's login screen of the staging shop, not the normal shop's (%s)", async (size) => {
    const context = await browser.newContext({ viewport: VIEWPORTS[size], deviceScaleFactor: 1, bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.goto(`${adminUrl}/admin/`);
      await bannerOf(page).waitFor();
      await expect(bannerOf(page).innerText()).resolves.toBe(BANNER_TEXT);
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      expect(await scanAccessibility(page)).toEqual([]);
      await screenshot(page, `test-shop-banner-admin-login-${size}`);

      // The normal shop's admin asks too and, told false, shows nothing.
      const asked = page.waitForResponse((response) => response.url().endsWith('/api/payments/mode'));
      await page.goto(`${MAIN_ADMIN_URL}/admin/`);
      expect(await (await asked).json()).toEqual({ testPayments: false });
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      await expect(bannerOf(page).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});

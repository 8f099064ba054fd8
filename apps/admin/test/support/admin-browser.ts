import { saveScreenshot } from '@shop/browser-testing';
import type { LoginResponse, SessionLoginResponse } from '@shop/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ADMIN_URL = (process.env.ADMIN_URL ?? 'http://localhost:4300').replace(/\/$/, '');
/** The shop the owner's changes must show up in. */
export const STOREFRONT_URL = (process.env.STOREFRONT_URL ?? 'http://localhost:4200').replace(/\/$/, '');
export const GATEWAY_URL = (process.env.GATEWAY_URL ?? 'http://localhost:3000').replace(/\/$/, '');
export const ADMIN_USERNAME = process.env.ADMIN_USERNAME ?? 'admin';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'change-me-admin';

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

export interface AdminPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors seen so far. */
  errors: string[];
}

/**
 * One browser the admin tests sign in from: the device cookie the gateway signed at this file's first login, sent
 * again at every later one, so that the gateway mails the owner about a new browser once per file rather than
 * for every page the tests open (only the gateway can make a device cookie it accepts).
 */
let testDeviceCookie: string | undefined;

/** The admin and gateway a page signs in to: the browser tests' shop unless a test runs one of its own. */
export interface AdminTarget {
  adminUrl: string;
  gatewayUrl: string;
}
const RUN_SHOP: AdminTarget = { adminUrl: ADMIN_URL, gatewayUrl: GATEWAY_URL };

/** A cookie as the gateway set it, ready for a Playwright context on the admin host. */
function toContextCookies(setCookies: string[], adminUrl: string): Parameters<BrowserContext['addCookies']>[0] {
  const host = new URL(adminUrl).hostname;
  return setCookies.map((line) => {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const attr = (name: string) => attrs.find((a) => a.toLowerCase().startsWith(name));
    return {
      name: pair.slice(0, eq),
      value: decodeURIComponent(pair.slice(eq + 1)),
      domain: host,
      path: attr('path=')?.slice(5) ?? '/',
      httpOnly: Boolean(attr('httponly')),
      secure: Boolean(attr('secure')),
      sameSite: 'Strict' as const,
    };
  });
}

/**
 * Signs in the way the admin app does (`session: 'cookie'`), from outside the browser: the session cookies
 * for a context, and the `userInfo` the login screen would store (no credential in it).
 */
export async function cookieLogin(target: AdminTarget = RUN_SHOP): Promise<{ cookies: Parameters<BrowserContext['addCookies']>[0]; userInfo: SessionLoginResponse }> {
  const response = await fetch(`${target.gatewayUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(testDeviceCookie ? { Cookie: testDeviceCookie } : {}) },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, session: 'cookie' }),
  });
  if (response.status !== 200) throw new Error(`cookie login answered ${response.status}`);
  testDeviceCookie ??= response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => /^(__Host-|__Secure-)?shop_device=/.test(pair));
  return { cookies: toContextCookies(response.headers.getSetCookie(), target.adminUrl), userInfo: (await response.json()) as SessionLoginResponse };
}

/**
 * A fresh context (its own cookies and local storage) at the given size; with `login`, the admin is signed
 * in first, as after the login screen: a session of its own in the context's cookies and `userInfo` stored.
 */
export async function openAdminPage(browser: Browser, viewport: ViewportName, login?: LoginResponse, target: AdminTarget = RUN_SHOP): Promise<AdminPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], deviceScaleFactor: 1 });
  if (login) {
    const { cookies, userInfo } = await cookieLogin(target);
    await context.addCookies(cookies);
    // Seeded once per tab, so a logout (which reloads the page) is not undone by the next load.
    await context.addInitScript((info) => {
      if (sessionStorage.getItem('userInfoSeeded')) return;
      sessionStorage.setItem('userInfoSeeded', '1');
      localStorage.setItem('userInfo', info);
    }, JSON.stringify(userInfo));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Signs in through the API as a script does: a bearer token, for the tests' own API calls. */
export async function apiLogin(gatewayUrl = GATEWAY_URL): Promise<LoginResponse> {
  const response = await fetch(`${gatewayUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return (await response.json()) as LoginResponse;
}

/** Saves a full-page shot of every screen for people to look at (test-output/screenshots/{name}.png). */
export const screenshot = saveScreenshot;

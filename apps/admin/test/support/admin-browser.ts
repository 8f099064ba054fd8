import { newWatchedPage, type OpenedPage, useBrowser, VIEWPORTS, type ViewportName } from '@shop/browser-testing';
import type { LoginResponse, SessionLoginResponse } from '@shop/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const ADMIN_URL = (process.env.ADMIN_URL ?? 'http://localhost:4300').replace(/\/$/, '');
/** The shop the owner's changes must show up in. */
export const STOREFRONT_URL = (process.env.STOREFRONT_URL ?? 'http://localhost:4200').replace(/\/$/, '');
export const GATEWAY_URL = (process.env.GATEWAY_URL ?? 'http://localhost:3000').replace(/\/$/, '');
export const ADMIN_USERNAME = process.env.ADMIN_USERNAME ?? 'admin';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'change-me-admin';

export type AdminPage = OpenedPage;

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
export async function openAdminPage(browser: Browser, viewport: ViewportName, signedIn: boolean, target: AdminTarget = RUN_SHOP): Promise<AdminPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], deviceScaleFactor: 1 });
  if (signedIn) {
    const { cookies, userInfo } = await cookieLogin(target);
    await context.addCookies(cookies);
    // Seeded once per tab, so a logout (which reloads the page) is not undone by the next load.
    await context.addInitScript((info) => {
      if (sessionStorage.getItem('userInfoSeeded')) return;
      sessionStorage.setItem('userInfoSeeded', '1');
      localStorage.setItem('userInfo', info);
    }, JSON.stringify(userInfo));
  }
  return newWatchedPage(context);
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

export interface AdminPagesOptions {
  /** false for the files that sign in themselves: no API login, and pages open signed out. */
  signedIn?: boolean;
  /** The shop to sign in to; the run's main shop by default. */
  target?: AdminTarget;
  /** Done to every new context before its first page loads (serving outside pictures, say). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

/** A test file's admin: its browser, the owner's bearer token for the file's own API calls, and its pages. */
export interface AdminPages {
  readonly browser: Browser;
  /** The owner signed in over the API in the file's first hook (not with `signedIn: false`). */
  readonly login: LoginResponse;
  /** A fresh context at the size, signed in as the owner unless `signedIn` is false; closed after the test. */
  open(viewport: ViewportName, signedIn?: boolean): Promise<AdminPage>;
  /** A storefront tab as a shopper (no admin session) at the size, prepared like the admin's; closed after the test. */
  openShop(viewport: ViewportName): Promise<Page>;
}

/**
 * Registers an admin test file's hooks: one Chromium for the file, the owner's API login before the first test
 * (unless `signedIn: false`), and every page opened through it closed after its test. Call it before the file's
 * own hooks, which may then use `login`.
 */
export function useAdminPages(options: AdminPagesOptions = {}): AdminPages {
  const { signedIn = true, target = RUN_SHOP, prepare } = options;
  const hooks = useBrowser();
  let login: LoginResponse | undefined;
  if (signedIn) {
    beforeAll(async () => {
      login = await apiLogin(target.gatewayUrl);
    });
  }
  return {
    get browser() {
      return hooks.browser;
    },
    get login() {
      if (!login) throw new Error(signedIn ? 'the owner is not signed in yet (used before the first hook)' : 'this file opens pages signed out (signedIn: false)');
      return login;
    },
    async open(viewport, pageSignedIn = signedIn) {
      const opened = await openAdminPage(hooks.browser, viewport, pageSignedIn, target);
      hooks.keep(opened);
      await prepare?.(opened.context);
      return opened;
    },
    async openShop(viewport) {
      const context = hooks.keep({ context: await hooks.browser.newContext({ viewport: VIEWPORTS[viewport] }) }).context;
      await prepare?.(context);
      return context.newPage();
    },
  };
}

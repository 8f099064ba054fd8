import { saveScreenshot } from '@shop/browser-testing';
import type { LoginResponse } from '@shop/contracts';
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

/** A fresh context (its own local storage) at the given size; with `login`, the stored admin login is put in place first. */
export async function openAdminPage(browser: Browser, viewport: ViewportName, login?: LoginResponse): Promise<AdminPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], deviceScaleFactor: 1 });
  // Seeded once per tab, so a logout (which reloads the page) is not undone by the next load.
  if (login) {
    await context.addInitScript((info) => {
      if (sessionStorage.getItem('userInfoSeeded')) return;
      sessionStorage.setItem('userInfoSeeded', '1');
      localStorage.setItem('userInfo', info);
    }, JSON.stringify(login));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Signs in through the API, as the login screen does. */
export async function apiLogin(): Promise<LoginResponse> {
  const response = await fetch(`${GATEWAY_URL}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return (await response.json()) as LoginResponse;
}

/** Saves a full-page shot of every screen for people to look at (test-output/screenshots/{name}.png). */
export const screenshot = saveScreenshot;

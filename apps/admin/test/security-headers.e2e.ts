import type { Browser, Page } from 'playwright-core';
import { ADMIN_SECURITY_HEADERS } from '../security-headers';
import { ADMIN_URL, type AdminPage, apiLogin, launchBrowser, openAdminPage } from './support/admin-browser';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
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

/**
 * Issue 24: the admin's production build is served with its browser security headers (vite preview here, the
 * same list as the admin image's nginx, tools/deploy/web-headers.spec.ts), and its screens raise no CSP violation.
 */
describe('admin security headers', () => {
  let browser: Browser;
  const opened: AdminPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all(opened.map((o) => o.context.close()));
    await browser?.close();
  });

  it('sends CSP with frame-ancestors none, nosniff, Referrer-Policy and HSTS on the app and its files', async () => {
    const shell = await (await fetch(`${ADMIN_URL}/admin/`)).text();
    const script = /src="([^"]+\.js)"/.exec(shell)?.[1];
    for (const path of ['/admin/', '/admin/login', script ?? '/missing-script']) {
      const res = await fetch(ADMIN_URL + path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers.get('content-security-policy')).toBe(ADMIN_SECURITY_HEADERS['Content-Security-Policy']);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('reports no CSP violation on the login screen, the dashboard, Site Settings and Media', async () => {
    const anonymous = await openAdminPage(browser, 'desktop');
    opened.push(anonymous);
    const loginViolations = await watchViolations(anonymous.page);
    await anonymous.page.goto(`${ADMIN_URL}/admin/login`);
    await anonymous.page.getByRole('button', { name: /sign in|log in/i }).waitFor();
    const seen = [...(await loginViolations())];

    const signedIn = await openAdminPage(browser, 'desktop', await apiLogin());
    opened.push(signedIn);
    const violations = await watchViolations(signedIn.page);
    for (const [path, heading] of [
      ['/admin/', 'Shop admin'],
      ['/admin/controls', 'Site Settings'],
      ['/admin/media', 'Media'],
    ] as const) {
      await signedIn.page.goto(ADMIN_URL + path);
      await signedIn.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Every picture (the banners' previews) has loaded or failed: a blocked one would have been reported.
      await signedIn.page.waitForFunction(() => [...document.images].every((image) => image.complete));
      seen.push(...(await violations()));
    }
    expect(seen).toEqual([]);
  });
});

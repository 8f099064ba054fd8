import { watchCspViolations } from '@shop/browser-testing';
import { ADMIN_URL, useAdminPages } from './support/admin-browser';
import { ADMIN_SECURITY_HEADERS } from '../security-headers';

const admin = useAdminPages();

/**
 * Issue 24: the admin's production build is served with its browser security headers (vite preview here, the
 * same list as the admin image's nginx, tools/deploy/web-headers.spec.ts), and its screens raise no CSP violation.
 */
describe('admin security headers', () => {
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
    const anonymous = await admin.open('desktop', false);
    const loginViolations = await watchCspViolations(anonymous.page);
    await anonymous.page.goto(`${ADMIN_URL}/admin/login`);
    await anonymous.page.getByRole('button', { name: /sign in|log in/i }).waitFor();
    const seen = [...(await loginViolations())];

    const signedIn = await admin.open('desktop');
    const violations = await watchCspViolations(signedIn.page);
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

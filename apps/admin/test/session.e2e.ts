import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { submitLogin } from './support/owner-sign-in';
import { ADMIN_SECURITY_HEADERS } from '../security-headers';

const JWT_SHAPE = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/;

const admin = useAdminPages({ signedIn: false });

/** Signs in through the login screen, as the owner does. */
async function signIn(page: Page): Promise<void> {
  await submitLogin(page);
  await page.waitForURL(`${ADMIN_URL}/admin/`);
}

/** Everything scripts of the admin page can read: both storages in full, and document.cookie. */
function readableByScripts(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string>; cookie: string }> {
  return page.evaluate(() => {
    const dump = (storage: Storage) => Object.fromEntries(Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((k) => [k, storage.getItem(k) ?? '']));
    return { local: dump(localStorage), session: dump(sessionStorage), cookie: document.cookie };
  });
}

async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(ADMIN_URL + '/api/')).find((c) => c.name === 'shop_session');
  expect(cookie).toBeDefined();
  return cookie!.value;
}

/** The gateway's answer to GET /api/users/me with this session cookie, as a script outside the browser would send it. */
async function meWithCookie(session: string): Promise<number> {
  return (await fetch(`${GATEWAY_URL}/api/users/me`, { headers: { cookie: `shop_session=${session}` } })).status;
}

describe('the owner session in the browser', () => {
  it('login, work and logout leave no credential in localStorage or sessionStorage', async () => {
    const { page, context, errors } = await admin.open('desktop');
    await signIn(page);
    const session = await sessionCookie(context);
    const cookie = (await context.cookies(ADMIN_URL + '/api/')).find((c) => c.name === 'shop_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    // Work: a state-changing call (saving the settings) goes through with the cookie and the CSRF header.
    await page.goto(`${ADMIN_URL}/admin/controls`);
    await page.getByRole('button', { name: 'Save Home Settings' }).click();
    await page.getByText('Home Settings saved.').waitFor();
    await page.goto(`${ADMIN_URL}/admin/orders/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const during = await readableByScripts(page);
    const userInfo = JSON.parse(during.local.userInfo) as Record<string, unknown>;
    expect(Object.keys(userInfo).sort()).toEqual(['_id', 'expiresAt', 'isAdmin', 'username']);
    for (const [where, values] of Object.entries({ local: during.local, session: during.session })) {
      const text = JSON.stringify(values);
      expect({ where, hasSession: text.includes(session), looksLikeJwt: JWT_SHAPE.test(text), token: /token/i.test(text) }).toEqual({
        where,
        hasSession: false,
        looksLikeJwt: false,
        token: false,
      });
    }
    // The session cookie is HttpOnly: the page's scripts do not see it (the CSRF cookie they do, it is no credential).
    expect(during.cookie).not.toContain('shop_session');
    expect(during.cookie).not.toContain(session);
    expect(await meWithCookie(session)).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/login`);
    const after = await readableByScripts(page);
    expect(after.local.userInfo).toBeUndefined();
    const afterText = JSON.stringify([after.local, after.session]);
    expect(afterText).not.toContain(session);
    expect(JWT_SHAPE.test(afterText)).toBe(false);
    // The server ended the session: the old cookie is refused even if someone kept a copy.
    expect(await meWithCookie(session)).toBe(401);
    expect((await context.cookies(ADMIN_URL + '/api/')).find((c) => c.name === 'shop_session')).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it("ends a second browser's session when the owner signs out everywhere", async () => {
    const first = await admin.open('desktop');
    const second = await admin.open('desktop');
    await signIn(first.page);
    await signIn(second.page);
    const secondSession = await sessionCookie(second.context);
    expect(await meWithCookie(secondSession)).toBe(200);

    first.page.once('dialog', (dialog) => void dialog.accept());
    await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await first.page.waitForURL(`${ADMIN_URL}/admin/login`);
    expect(await meWithCookie(secondSession)).toBe(401);

    // The second browser still shows its stored login; its next call gets 401 and it logs out cleanly.
    await second.page.goto(`${ADMIN_URL}/admin/orders/`);
    await second.page.waitForURL(`${ADMIN_URL}/admin/login`);
    expect(await second.page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    expect(second.errors.filter((e) => !/401/.test(e))).toEqual([]);
  });

  it('asks before signing out everywhere, and does nothing when the owner cancels', async () => {
    const { page, context } = await admin.open('desktop');
    await signIn(page);
    const session = await sessionCookie(context);
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/');
    expect(await meWithCookie(session)).toBe(200);
  });

  describe('a page on another origin', () => {
    let evil: Server;
    let evilUrl: string;

    beforeAll(async () => {
      // Same host as the admin app, another port: another origin but the same site, so SameSite=Strict
      // lets the cookie go with the post. Only the gateway's own check stands in the way.
      const target = `${ADMIN_URL}/api/products`;
      evil = createServer((_, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><body>
          <form method="POST" action="${target}">
            <input name="name" value="Stolen session product">
            <input name="price" value="1">
            <button type="submit">Win a prize</button>
          </form></body></html>`);
      });
      await new Promise<void>((resolve) => evil.listen(0, new URL(ADMIN_URL).hostname, resolve));
      evilUrl = `http://${new URL(ADMIN_URL).hostname}:${(evil.address() as AddressInfo).port}/`;
    });

    afterAll(async () => {
      await new Promise((resolve) => evil?.close(resolve));
    });

    it('posting to an admin route is refused with 403, and nothing is created', async () => {
      const { page, context } = await admin.open('desktop');
      await signIn(page);
      const session = await sessionCookie(context);

      await page.goto(evilUrl);
      const answer = page.waitForResponse((r) => r.url() === `${ADMIN_URL}/api/products` && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Win a prize' }).click();
      const response = await answer;
      // The browser did send the session cookie (same site): the refusal is the gateway's.
      expect(await response.request().headerValue('cookie')).toContain('shop_session=');
      expect(response.status()).toBe(403);
      expect(await response.json()).toEqual({ message: 'Request refused: it did not come from the admin app' });

      const products = (await (await fetch(`${GATEWAY_URL}/api/products`)).json()) as { name: string }[];
      expect(products.some((p) => p.name === 'Stolen session product')).toBe(false);
      // The refused post did not end or harm the owner's session.
      expect(await meWithCookie(session)).toBe(200);
    });
  });

  describe("the admin host's Content-Security-Policy", () => {
    // The admin's own policy: vite preview sends it on every file of the build, and the admin image's nginx repeats
    // it (tools/deploy/web-headers.spec.ts); the edge proxy adds nothing and removes nothing.
    const adminPolicy = ADMIN_SECURITY_HEADERS['Content-Security-Policy'];

    it('forbids inline script and any script source but its own', () => {
      const directives = Object.fromEntries(adminPolicy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
    });

    it('is all the built admin app needs: no inline script, and no violation while the owner signs in and works', async () => {
      const html = await (await fetch(`${ADMIN_URL}/admin/`)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect({ attrs, inline: body.trim() }).toEqual({ attrs: expect.stringMatching(/\bsrc="\/(?!\/)/), inline: '' });
      }

      // The admin's server sends the policy itself: the browser below enforces the real header.
      expect((await fetch(`${ADMIN_URL}/admin/`)).headers.get('content-security-policy')).toBe(adminPolicy);
      const { page, context } = await admin.open('desktop');
      const violations: string[] = [];
      await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await signIn(page);
      for (const path of ['/admin/', '/admin/products/', '/admin/orders/', '/admin/controls', '/admin/media', '/admin/mail-log']) {
        await page.goto(`${ADMIN_URL}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      expect(violations).toEqual([]);
    });
  });
});

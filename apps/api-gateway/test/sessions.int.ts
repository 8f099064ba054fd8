import { randomUUID } from 'node:crypto';
import { sign } from 'jsonwebtoken';

import sharp from 'sharp';
import { adminUser } from './support/admin-user-cli';
import { GATEWAY_TOKEN } from './support/auth';
import { parseSetCookies, sessionIdOf, useOwnerShop } from './support/sessions';

const SECRET = 'sessions-test-secret-0123456789abcdef';
const OWNER = { username: 'session-owner', password: 'session-owner-pass-1' };
const ADMIN_ORIGIN = 'https://admin.islandglow.test';
const IDLE_SECONDS = 1800;
const TOKEN_FAILED = { message: 'Not authorized, token failed' };
const NO_TOKEN = { message: 'Not authorized, no token' };
const CROSS_SITE = { message: 'Request refused: it did not come from the admin app' };

jest.setTimeout(30_000);

/** Sessions of the admin identity: the cookie flow and its CSRF guard, bearer tokens, logout, sign out everywhere, password change, expiry. */
describe('admin sessions', () => {
  const { shop, post, bearerLogin, cookieLogin, withCookie, me, idOf, addAdmin } = useOwnerShop(OWNER, {
    env: {
      JWT_SECRET: SECRET,
      ADMIN_URL: ADMIN_ORIGIN,
      SESSION_COOKIE_SECURE: 'true',
      SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
      LOG_LEVEL: 'info',
    },
  });
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 90 } } }).png().toBuffer();
  }, 60_000);

  const upload = (headers: Record<string, string>) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
    return shop.stack.request('/api/uploads', { method: 'POST', headers, body: form });
  };

  describe('cookie login', () => {
    it('sets an HttpOnly, Secure, SameSite=Strict __Host- session cookie and answers no token', async () => {
      const s = await cookieLogin();
      expect(s.body).toEqual({ _id: await idOf(OWNER.username), username: OWNER.username, isAdmin: true, expiresAt: expect.any(String) });
      expect(JSON.stringify(s.body)).not.toContain(s.session);
      expect(Date.parse(s.body.expiresAt as string)).toBeGreaterThan(Date.now());

      // Secure cookies carry the __Host- prefix: the browser keeps them to this host, Path=/, no Domain.
      expect(s.names).toEqual({ session: '__Host-shop_session', csrf: '__Host-shop_csrf', device: '__Host-shop_device' });
      const { attributes } = s.cookies['__Host-shop_session'];
      expect(attributes).toMatchObject({ httponly: true, secure: true, samesite: 'Strict', path: '/' });
      expect(attributes.domain).toBeUndefined();
      expect(attributes['max-age']).toBeUndefined();
      // The CSRF cookie is for the admin app's script: readable, on the whole admin host, and no credential on its own.
      expect(s.cookies['__Host-shop_csrf'].attributes).toMatchObject({ secure: true, samesite: 'Strict', path: '/' });
      expect(s.cookies['__Host-shop_csrf'].attributes.httponly).toBeUndefined();
      expect(s.cookies['__Host-shop_device'].attributes).toMatchObject({ httponly: true, secure: true, samesite: 'Strict', path: '/' });

      expect(await me(withCookie(s))).toMatchObject({ status: 200, body: { username: OWNER.username, isAdmin: true } });
      // The CSRF cookie alone opens nothing, and neither does the token under the bare name a sibling host could plant.
      expect(await me({ cookie: `__Host-shop_csrf=${s.csrf}` })).toMatchObject({ status: 401, body: NO_TOKEN });
      expect(await me({ cookie: `shop_session=${s.session}` })).toMatchObject({ status: 401, body: NO_TOKEN });
    });

    it('refuses an admin write with the cookie but no CSRF header (403), and takes it with both', async () => {
      const s = await cookieLogin();
      expect(await upload(withCookie(s))).toMatchObject({ status: 403, body: CROSS_SITE });
      expect(await upload(withCookie(s, { 'x-csrf-token': 'not-the-token' }))).toMatchObject({ status: 403, body: CROSS_SITE });
      const other = await cookieLogin();
      expect(await upload(withCookie(s, { 'x-csrf-token': other.csrf }))).toMatchObject({ status: 403, body: CROSS_SITE });

      const ok = await upload(withCookie(s, { 'x-csrf-token': s.csrf, origin: ADMIN_ORIGIN, 'sec-fetch-site': 'same-origin' }));
      expect(ok.status).toBe(201);
      expect(ok.body.url).toMatch(/^\/api\/files\/images\//);
    });

    it('refuses a cookie call from another origin with 403, even with the CSRF token', async () => {
      const s = await cookieLogin();
      const csrf = { 'x-csrf-token': s.csrf };
      expect(await upload(withCookie(s, { ...csrf, origin: 'https://evil.example' }))).toMatchObject({ status: 403, body: CROSS_SITE });
      // The shop and the admin host are the same site: SameSite=Strict lets the cookie through, the gateway does not.
      expect(await upload(withCookie(s, { ...csrf, 'sec-fetch-site': 'same-site' }))).toMatchObject({ status: 403, body: CROSS_SITE });
      expect(await upload(withCookie(s, { ...csrf, 'sec-fetch-site': 'cross-site' }))).toMatchObject({ status: 403, body: CROSS_SITE });
      expect(await me(withCookie(s, { 'sec-fetch-site': 'cross-site' }))).toMatchObject({ status: 403, body: CROSS_SITE });
      expect(await me(withCookie(s, { 'sec-fetch-site': 'same-origin' }))).toMatchObject({ status: 200 });
    });

    it("answers 401 'token failed' for a forged, alg-none, expired or session-less token in the cookie", async () => {
      const id = await idOf(OWNER.username);
      const real = await cookieLogin();
      const sid = sessionIdOf(real.session);
      const claims = { sub: id, username: OWNER.username, isAdmin: true, sid };
      const ours = { algorithm: 'HS256', expiresIn: 600, ...GATEWAY_TOKEN } as const;
      const b64url = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const cases = {
        otherSecret: sign(claims, 'another-secret-entirely-0123456789', ours),
        algNone: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, iat: now, exp: now + 600, iss: GATEWAY_TOKEN.issuer, aud: GATEWAY_TOKEN.audience })}.`,
        expired: sign({ ...claims, iat: now - 7200, exp: now - 3600 }, SECRET, { algorithm: 'HS256', ...GATEWAY_TOKEN }),
        noSession: sign({ sub: id, username: OWNER.username, isAdmin: true }, SECRET, ours),
        unknownSession: sign({ ...claims, sid: randomUUID() }, SECRET, ours),
        noAudience: sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 600 }),
      };
      for (const [name, token] of Object.entries(cases)) {
        const res = await me({ cookie: `__Host-shop_session=${token}` });
        expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: TOKEN_FAILED });
      }
      expect(await me({ cookie: `__Host-shop_session=${sign(claims, SECRET, ours)}` })).toMatchObject({ status: 200 });
    });
  });

  describe('bearer tokens for scripts', () => {
    it('still answer the token in JSON and work without any CSRF header', async () => {
      const token = await bearerLogin();
      expect(await me({ authorization: `Bearer ${token}` })).toMatchObject({ status: 200, body: { username: OWNER.username } });
      expect(await upload({ authorization: `Bearer ${token}`, origin: 'https://somewhere.example' })).toMatchObject({ status: 201 });
    });
  });

  describe('logout', () => {
    it('ends the cookie session: the old cookie gets 401 and the cookies are cleared', async () => {
      const s = await cookieLogin();
      expect(await post('/api/users/logout', {}, withCookie(s))).toMatchObject({ status: 403, body: CROSS_SITE });
      expect(await me(withCookie(s))).toMatchObject({ status: 200 });

      const out = await post('/api/users/logout', {}, withCookie(s, { 'x-csrf-token': s.csrf }));
      expect(out.status).toBe(204);
      const cleared = parseSetCookies(out.headers);
      expect(cleared['__Host-shop_session']).toMatchObject({ value: '', attributes: { path: '/' } });
      expect(Date.parse(String(cleared['__Host-shop_session'].attributes.expires))).toBeLessThan(Date.now());
      expect(cleared['__Host-shop_csrf'].value).toBe('');

      expect(await me(withCookie(s))).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await upload(withCookie(s, { 'x-csrf-token': s.csrf }))).toMatchObject({ status: 401, body: TOKEN_FAILED });
    });

    it('ends a bearer session: the old token gets 401, other sessions go on', async () => {
      const token = await bearerLogin();
      const other = await bearerLogin();
      expect(await post('/api/users/logout', {}, { authorization: `Bearer ${token}` })).toMatchObject({ status: 204 });
      expect(await me({ authorization: `Bearer ${token}` })).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await me({ authorization: `Bearer ${other}` })).toMatchObject({ status: 200 });
    });
  });

  describe('sign out everywhere', () => {
    it("ends every session of the account, cookie and bearer, but not another admin's", async () => {
      const who = await addAdmin(`everywhere-${randomUUID().slice(0, 6)}`, 'everywhere-pass-1');
      const browserA = await cookieLogin(who);
      const browserB = await cookieLogin(who);
      const script = await bearerLogin(who);
      const bystander = await bearerLogin();

      expect(await post('/api/users/logout-all', {}, withCookie(browserA, { 'x-csrf-token': browserA.csrf }))).toMatchObject({ status: 204 });
      expect(await me(withCookie(browserA))).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await me(withCookie(browserB))).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await me({ authorization: `Bearer ${script}` })).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await me({ authorization: `Bearer ${bystander}` })).toMatchObject({ status: 200 });
      // A new login works at once.
      expect(await me(withCookie(await cookieLogin(who)))).toMatchObject({ status: 200 });
    });
  });

  describe('password change (admin-user command)', () => {
    it('ends every earlier session of the account', async () => {
      const who = await addAdmin(`changer-${randomUUID().slice(0, 6)}`, 'changer-pass-1');
      const browser = await cookieLogin(who);
      const script = await bearerLogin(who);
      expect(await me(withCookie(browser))).toMatchObject({ status: 200 });

      const stdout = await adminUser(shop.stack, ['--username', who.username, '--password', 'changer-pass-2']);
      expect(stdout).toContain(`Password of "${who.username}" reset`);
      expect(stdout).toContain('2 sessions ended');

      expect(await me(withCookie(browser))).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await me({ authorization: `Bearer ${script}` })).toMatchObject({ status: 401, body: TOKEN_FAILED });
      const open = await shop.db.query('SELECT count(*)::int AS n FROM identity.admin_sessions WHERE user_id = $1 AND revoked_at IS NULL', [await idOf(who.username)]);
      expect(open.rows[0].n).toBe(0);
      expect(await me({ authorization: `Bearer ${await bearerLogin({ ...who, password: 'changer-pass-2' })}` })).toMatchObject({ status: 200 });
    });
  });

  describe('expiry', () => {
    it('ends a session idle for longer than SESSION_IDLE_SECONDS, and slides one in use', async () => {
      const idle = await cookieLogin();
      const busy = await cookieLogin();
      await shop.db.query(`UPDATE identity.admin_sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE id = $1`, [sessionIdOf(idle.session), IDLE_SECONDS + 5]);
      await shop.db.query(`UPDATE identity.admin_sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE id = $1`, [sessionIdOf(busy.session), IDLE_SECONDS - 60]);

      expect(await me(withCookie(idle))).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await me(withCookie(busy))).toMatchObject({ status: 200 });
      const { rows } = await shop.db.query(`SELECT extract(epoch FROM now() - last_seen_at)::float AS age FROM identity.admin_sessions WHERE id = $1`, [sessionIdOf(busy.session)]);
      // The call moved last_seen_at up to now, so the session has its whole idle window again.
      expect(rows[0].age).toBeLessThan(60);
    });

    it('ends a session past its absolute cap even while it is in use', async () => {
      const s = await cookieLogin();
      await shop.db.query(`UPDATE identity.admin_sessions SET created_at = now() - interval '9 hours', absolute_expires_at = now() - interval '1 second' WHERE id = $1`, [
        sessionIdOf(s.session),
      ]);
      expect(await me(withCookie(s))).toMatchObject({ status: 401, body: TOKEN_FAILED });
    });
  });
});

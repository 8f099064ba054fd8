import { gatewayConfigSchema, loadConfig } from '@shop/server-config';
import type { Request } from 'express';
import { ForbiddenError } from './auth.errors';
import { assertCookieRequestFromAdmin } from './csrf-check';
import { cookieLayout, cookiesSecure, csrfMatches, csrfTokenFor, deviceIdOf, readCookies, sessionCookie } from './session-cookies';

const SECRET = 'unit-test-secret-0123456789abcdef';

describe('session cookies', () => {
  it('reads cookies by name, first one wins, values decoded and unquoted', () => {
    expect(readCookies({ cookie: 'a=1; shop_session=x%20y; a=2; q="quoted"; broken' })).toEqual({ a: '1', shop_session: 'x y', q: 'quoted' });
    expect(readCookies({})).toEqual({});
  });

  it('makes cookies Secure in production or behind https, unless SESSION_COOKIE_SECURE says otherwise', () => {
    const prodEnv = { JWT_SECRET: SECRET, ADMIN_PASSWORD: 'a-real-password-1', NATS_PASSWORD: 'gateway-nats-secret', REDIS_PASSWORD: 'gateway-redis-secret', ORDER_LINK_SECRET: 'a-real-order-link-secret-of-32-characters' };
    expect(cookiesSecure(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development' }))).toBe(false);
    expect(cookiesSecure(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development', ADMIN_URL: 'https://admin.example' }))).toBe(true);
    expect(cookiesSecure(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...prodEnv }))).toBe(true);
    expect(cookiesSecure(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development', SESSION_COOKIE_SECURE: 'true' }))).toBe(true);
    expect(cookiesSecure(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...prodEnv, SESSION_COOKIE_SECURE: 'false' }))).toBe(false);
  });

  it('binds the CSRF token to the session and the secret', () => {
    const token = csrfTokenFor('session-a', SECRET);
    expect(csrfMatches(token, csrfTokenFor('session-a', SECRET))).toBe(true);
    expect(csrfMatches(token, csrfTokenFor('session-b', SECRET))).toBe(false);
    expect(csrfMatches(token, csrfTokenFor('session-a', 'another-secret-0123456789abcdef'))).toBe(false);
    expect(csrfMatches(undefined, token)).toBe(false);
    expect(csrfMatches(token.slice(1), token)).toBe(false);
  });

  it('keeps a device cookie that carries our signature and replaces anything else', () => {
    const layout = cookieLayout(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development' }));
    const made = deviceIdOf({}, layout, SECRET);
    expect(made.fresh).toBe(true);
    expect(made.cookie).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(deviceIdOf({ cookie: `shop_device=${made.cookie}` }, layout, SECRET)).toEqual({ ...made, fresh: false });
    // Unsigned, signed with another secret, another id under the signature, or junk: a new browser.
    for (const forged of ['a'.repeat(43), `${made.id}.${'b'.repeat(43)}`, `${'c'.repeat(43)}.${made.cookie.split('.')[1]}`, '<script>']) {
      expect(deviceIdOf({ cookie: `shop_device=${forged}` }, layout, SECRET)).toMatchObject({ fresh: true });
    }
    expect(deviceIdOf({ cookie: `shop_device=${made.cookie}` }, layout, 'another-secret-0123456789abcdef').fresh).toBe(true);
  });

  it('names the cookies __Host- over https, __Secure- on /api when asked, bare over plain http', () => {
    const https = { NODE_ENV: 'development', ADMIN_URL: 'https://admin.example' };
    expect(cookieLayout(loadConfig(gatewayConfigSchema, https))).toEqual({
      session: { name: '__Host-shop_session', path: '/' },
      csrf: { name: '__Host-shop_csrf', path: '/' },
      device: { name: '__Host-shop_device', path: '/' },
    });
    expect(cookieLayout(loadConfig(gatewayConfigSchema, { ...https, SESSION_COOKIE_PATH: '/api' }))).toEqual({
      session: { name: '__Secure-shop_session', path: '/api' },
      csrf: { name: '__Host-shop_csrf', path: '/' },
      device: { name: '__Secure-shop_device', path: '/api' },
    });
    expect(cookieLayout(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development' }))).toEqual({
      session: { name: 'shop_session', path: '/api' },
      csrf: { name: 'shop_csrf', path: '/' },
      device: { name: 'shop_device', path: '/api' },
    });
  });

  it('reads the session only under the name the configuration gives it', () => {
    const secure = cookieLayout(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development', ADMIN_URL: 'https://admin.example' }));
    // A bare cookie could have been planted by a sibling host or a plain-http page: not ours once cookies are prefixed.
    expect(sessionCookie({ cookie: 'shop_session=planted' }, secure)).toBeUndefined();
    expect(sessionCookie({ cookie: '__Host-shop_session=real' }, secure)).toBe('real');
  });
});

describe('assertCookieRequestFromAdmin', () => {
  const config = loadConfig(gatewayConfigSchema, { ADMIN_URL: 'https://admin.example/admin/', JWT_SECRET: SECRET });
  const csrf = csrfTokenFor('sid-1', SECRET);
  const req = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as Request;
  const check = (method: string, headers: Record<string, string>) => () => assertCookieRequestFromAdmin(req(method, headers), 'sid-1', config);

  it('lets reads from the admin app through without a CSRF header', () => {
    expect(check('GET', {})).not.toThrow();
    expect(check('GET', { 'sec-fetch-site': 'same-origin' })).not.toThrow();
    expect(check('GET', { 'sec-fetch-site': 'none' })).not.toThrow();
  });

  it('needs the matching CSRF header on writes', () => {
    expect(check('POST', {})).toThrow(ForbiddenError);
    expect(check('DELETE', { 'x-csrf-token': 'wrong' })).toThrow(ForbiddenError);
    expect(check('PUT', { 'x-csrf-token': csrf, origin: 'https://admin.example', 'sec-fetch-site': 'same-origin' })).not.toThrow();
  });

  it('refuses another origin or site whatever the method, even with the CSRF token', () => {
    expect(check('GET', { 'sec-fetch-site': 'cross-site' })).toThrow(ForbiddenError);
    expect(check('POST', { 'x-csrf-token': csrf, 'sec-fetch-site': 'same-site' })).toThrow(ForbiddenError);
    expect(check('POST', { 'x-csrf-token': csrf, origin: 'https://shop.example' })).toThrow(ForbiddenError);
    expect(check('POST', { 'x-csrf-token': csrf, origin: 'null' })).toThrow(ForbiddenError);
  });
});

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { CSRF_COOKIE, DEVICE_COOKIE, SESSION_COOKIE } from '@shop/contracts';
import type { GatewayConfig } from '@shop/server-config';
import type { CookieOptions, Response } from 'express';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
const DEVICE_ID = /^[A-Za-z0-9_-]{32,64}$/;

/** The request's cookies by name (the first of a repeated name wins); no dependency for a dozen lines. */
export function readCookies(headers: IncomingHttpHeaders): Record<string, string> {
  const header = headers.cookie;
  const cookies: Record<string, string> = {};
  if (typeof header !== 'string') return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (name in cookies) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/** The names and paths of the admin's cookies under this configuration (see cookieLayout). */
export interface CookieLayout {
  session: { name: string; path: string };
  csrf: { name: string; path: string };
  device: { name: string; path: string };
}

/**
 * Where the admin's cookies live. Secure cookies carry a prefix the browser enforces, so that neither a sibling
 * host nor a plain-http page can plant one: `__Host-` (Secure, Path=/, no Domain: this host only) by default;
 * with SESSION_COOKIE_PATH=/api (an admin host that also serves other apps) the session and device cookies are
 * `__Secure-` with Path=/api instead. Cookies that are not Secure (plain-http local development, where browsers
 * refuse both prefixes) keep the bare names, session and device on /api as before.
 */
export function cookieLayout(config: GatewayConfig): CookieLayout {
  if (!cookiesSecure(config)) {
    return { session: { name: SESSION_COOKIE, path: '/api' }, csrf: { name: CSRF_COOKIE, path: '/' }, device: { name: DEVICE_COOKIE, path: '/api' } };
  }
  const hostOnly = config.SESSION_COOKIE_PATH === '/';
  const scoped = (name: string) => (hostOnly ? { name: `__Host-${name}`, path: '/' } : { name: `__Secure-${name}`, path: '/api' });
  return { session: scoped(SESSION_COOKIE), csrf: { name: `__Host-${CSRF_COOKIE}`, path: '/' }, device: scoped(DEVICE_COOKIE) };
}

/** Every name the session cookie can have, for code that only needs to know whether one was sent (the public cache). */
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, `__Host-${SESSION_COOKIE}`, `__Secure-${SESSION_COOKIE}`] as const;

/** The session cookie's token, if any, under the name this configuration gives it (never under another). */
export function sessionCookie(headers: IncomingHttpHeaders, layout: CookieLayout): string | undefined {
  const value = readCookies(headers)[layout.session.name];
  return value ? value : undefined;
}

/** Whether the cookies are Secure: SESSION_COOKIE_SECURE, else on in production or behind an https ADMIN_URL. */
export function cookiesSecure(config: GatewayConfig): boolean {
  return config.SESSION_COOKIE_SECURE ?? (config.NODE_ENV === 'production' || config.ADMIN_URL.startsWith('https:'));
}

/**
 * The CSRF token of a session: an HMAC of its id under JWT_SECRET. Nothing to store, bound to the session,
 * and a page on another origin can neither read the cookie it sits in nor compute it.
 */
export function csrfTokenFor(sessionId: string, secret: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The browser's device id from its cookie when it carries our signature, else a fresh one. The cookie is
 * `<id>.<HMAC of the id under JWT_SECRET>`: only the gateway can make one, so a made-up cookie is a new browser.
 */
export function deviceIdOf(headers: IncomingHttpHeaders, layout: CookieLayout, secret: string): { id: string; cookie: string; fresh: boolean } {
  const presented = readCookies(headers)[layout.device.name] ?? '';
  const dot = presented.indexOf('.');
  const id = presented.slice(0, dot);
  if (dot > 0 && DEVICE_ID.test(id) && csrfMatches(presented.slice(dot + 1), deviceSignature(id, secret))) {
    return { id, cookie: presented, fresh: false };
  }
  const fresh = randomBytes(32).toString('base64url');
  return { id: fresh, cookie: `${fresh}.${deviceSignature(fresh, secret)}`, fresh: true };
}

function deviceSignature(id: string, secret: string): string {
  return createHmac('sha256', secret).update(`device:${id}`).digest('base64url');
}

/** What is stored to recognise a device: never the cookie itself. */
export function deviceHash(kind: 'device' | 'ua', value: string): string {
  return createHash('sha256').update(`${kind}:${value}`).digest('hex');
}

function base(config: GatewayConfig): CookieOptions {
  return { secure: cookiesSecure(config), sameSite: 'strict' };
}

/**
 * Sets the session cookies of a cookie login. The session and CSRF cookies are browser-session cookies
 * (gone when the browser closes; the server ends the session anyway after the idle time or its cap).
 * The CSRF cookie is readable by the admin app's own script (Path=/) and is no credential on its own.
 * The device cookie (signed, a year) lets the gateway recognise a browser that signed in before.
 */
export function setSessionCookies(res: Response, config: GatewayConfig, token: string, csrf: string, deviceCookie: string): void {
  const layout = cookieLayout(config);
  res.cookie(layout.session.name, token, { ...base(config), httpOnly: true, path: layout.session.path });
  res.cookie(layout.csrf.name, csrf, { ...base(config), httpOnly: false, path: layout.csrf.path });
  res.cookie(layout.device.name, deviceCookie, { ...base(config), httpOnly: true, path: layout.device.path, maxAge: ONE_YEAR_MS });
}

/** Clears the session and CSRF cookies (the device cookie stays: the browser is still a known one). */
export function clearSessionCookies(res: Response, config: GatewayConfig): void {
  const layout = cookieLayout(config);
  res.clearCookie(layout.session.name, { ...base(config), httpOnly: true, path: layout.session.path });
  res.clearCookie(layout.csrf.name, { ...base(config), httpOnly: false, path: layout.csrf.path });
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { CSRF_COOKIE, DEVICE_COOKIE, SESSION_COOKIE } from '@shop/contracts';
import type { GatewayConfig } from '@shop/server-core';
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

/** The session cookie's token, if any. */
export function sessionCookie(headers: IncomingHttpHeaders): string | undefined {
  const value = readCookies(headers)[SESSION_COOKIE];
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

/** The browser's device id from its cookie when well-formed, else a fresh one. */
export function deviceIdOf(headers: IncomingHttpHeaders): { id: string; fresh: boolean } {
  const presented = readCookies(headers)[DEVICE_COOKIE];
  if (presented && DEVICE_ID.test(presented)) return { id: presented, fresh: false };
  return { id: randomBytes(32).toString('base64url'), fresh: true };
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
 */
export function setSessionCookies(res: Response, config: GatewayConfig, token: string, csrf: string, deviceId: string): void {
  res.cookie(SESSION_COOKIE, token, { ...base(config), httpOnly: true, path: '/api' });
  res.cookie(CSRF_COOKIE, csrf, { ...base(config), httpOnly: false, path: '/' });
  res.cookie(DEVICE_COOKIE, deviceId, { ...base(config), httpOnly: true, path: '/api', maxAge: ONE_YEAR_MS });
}

/** Clears the session and CSRF cookies (the device cookie stays: the browser is still a known one). */
export function clearSessionCookies(res: Response, config: GatewayConfig): void {
  res.clearCookie(SESSION_COOKIE, { ...base(config), httpOnly: true, path: '/api' });
  res.clearCookie(CSRF_COOKIE, { ...base(config), httpOnly: false, path: '/' });
}

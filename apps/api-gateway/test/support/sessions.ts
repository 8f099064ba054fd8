import { type StackApp, type TestStack, useShop } from '@shop/server-testing';
import { hashSync } from 'bcryptjs';
import type { Client } from 'pg';

/** One Set-Cookie header taken apart: its value and its attributes (lower-cased names). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** The Set-Cookie headers of an answer, by cookie name. */
export function parseSetCookies(headers: Headers): Record<string, SetCookie> {
  const out: Record<string, SetCookie> = {};
  for (const line of headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const cookie: SetCookie = { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes: {} };
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      if (i < 0) cookie.attributes[attr.toLowerCase()] = true;
      else cookie.attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    out[cookie.name] = cookie;
  }
  return out;
}

/** What a browser would hold after a cookie login. */
export interface CookieSession {
  session: string;
  csrf: string;
  device: string;
  body: Record<string, unknown>;
  cookies: Record<string, SetCookie>;
  /** The names the gateway gave the cookies: bare over plain http, `__Host-` (or `__Secure-`) once they are Secure. */
  names: { session: string; csrf: string; device: string };
}

/** The Set-Cookie of a cookie whatever its prefix (`shop_session`, `__Host-shop_session`, `__Secure-shop_session`). */
export function cookieNamed(cookies: Record<string, SetCookie>, bare: string): SetCookie {
  const found = Object.values(cookies).find((c) => c.name === bare || c.name === `__Host-${bare}` || c.name === `__Secure-${bare}`);
  if (!found) throw new Error(`no ${bare} cookie among ${Object.keys(cookies).join(', ')}`);
  return found;
}

export interface Credentials {
  username: string;
  password: string;
}

let nextClient = 1;
/** A client address per call, sent as X-Forwarded-For (trusted from loopback), so the per-client login limit never comes into it. */
export const newClient = (): string => `198.51.100.${nextClient++}`;

/** The session id a token carries. */
export const sessionIdOf = (jwt: string): string => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()).sid;

/**
 * Logins, both flows, and the calls the session tests make. The stack and database are asked for at each
 * call, so the helpers can be made before `beforeAll` starts them.
 */
export function sessionCalls(stackOf: () => TestStack, dbOf: () => Client, owner: Credentials) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    stackOf().request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient(), ...headers }, body: JSON.stringify(body) });
  return {
    post,
    /** The JSON (script) login: its bearer token. */
    async bearerLogin(who: Credentials = owner): Promise<string> {
      const res = await post('/api/users/login', who);
      expect(res.status).toBe(200);
      return res.body.token as string;
    },
    /**
     * The admin app's login (`session: 'cookie'`), from the browser with this device cookie if given (`deviceCookie`
     * names it when the gateway prefixes its cookies), and with a second-factor code if given.
     */
    async cookieLogin(who: Credentials & { code?: string } = owner, device?: string, deviceCookie = 'shop_device'): Promise<CookieSession> {
      const res = await post('/api/users/login', { ...who, session: 'cookie' }, device ? { cookie: `${deviceCookie}=${device}` } : {});
      expect(res.status).toBe(200);
      const cookies = parseSetCookies(res.headers);
      const [session, csrf, dev] = [cookieNamed(cookies, 'shop_session'), cookieNamed(cookies, 'shop_csrf'), cookieNamed(cookies, 'shop_device')];
      return {
        session: session.value,
        csrf: csrf.value,
        device: dev.value,
        body: res.body,
        cookies,
        names: { session: session.name, csrf: csrf.name, device: dev.name },
      };
    },
    /** The headers the admin app's browser sends: its cookies, plus any given (the CSRF header on writes). */
    withCookie: (s: CookieSession, extra: Record<string, string> = {}) => ({ cookie: `${s.names.session}=${s.session}; ${s.names.csrf}=${s.csrf}`, ...extra }),
    me: (headers: Record<string, string>) => stackOf().request('/api/users/me', { headers }),
    async idOf(username: string): Promise<string> {
      return (await dbOf().query('SELECT id FROM identity.admin_users WHERE lower(normalize(username, NFKC)) = lower(normalize($1, NFKC))', [username])).rows[0].id;
    },
    /** A second admin account, straight into the table (cheap bcrypt cost). */
    async addAdmin(username: string, password: string): Promise<Credentials> {
      await dbOf().query(`INSERT INTO identity.admin_users (username, password_hash, is_admin) VALUES ($1, $2, true)`, [username, hashSync(password, 4)]);
      return { username, password };
    },
  };
}

/**
 * A describe's stack (see useShop) whose first admin is `owner`, with the services named (none by default: the
 * identity is the gateway's), and the session calls against it.
 */
export function useOwnerShop(owner: Credentials, options: { services?: StackApp[]; env?: Record<string, string> }) {
  const shop = useShop({ services: options.services ?? [], env: { ADMIN_USERNAME: owner.username, ADMIN_PASSWORD: owner.password, ...options.env } }, { timeoutMs: 60_000 });
  return { shop, ...sessionCalls(() => shop.stack, () => shop.db, owner) };
}

/** JSON calls to the stack `stackOf` gives: GET unless a method is named, the body (if any) sent as JSON. */
export function jsonCalls(stackOf: () => TestStack) {
  return (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
    stackOf().request(path, { method: init.method ?? 'GET', headers: { 'content-type': 'application/json', ...init.headers }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

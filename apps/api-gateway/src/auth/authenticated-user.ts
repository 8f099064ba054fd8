import type { IncomingHttpHeaders } from 'node:http';
import { type CookieLayout, sessionCookie } from './session-cookies';

/** Who a valid token belongs to, as the JWT strategy puts it on `req.user`. */
export interface AuthenticatedUser {
  id: string;
  username: string;
  /** True only when both the token and the account still say admin. */
  isAdmin: boolean;
  /** The server-side session the token belongs to; null for a token signed without one (see AdminJwtStrategy). */
  sessionId: string | null;
  /** Where the token came from. */
  via: 'bearer' | 'cookie';
  /** ADMIN_SECOND_FACTOR_REQUIRED and the account has none yet: it may only set one up (AdminGuard refuses the rest). */
  mustSetUpSecondFactor: boolean;
}

/** The claims of the tokens the gateway signs (besides iat and exp). */
export interface AdminTokenClaims {
  sub: string;
  username: string;
  isAdmin: boolean;
  /** The session id (identity.admin_sessions). */
  sid: string;
}

/** The tokens' issuer and audience (`iss`, `aud`): signed into every token and required when one is checked. */
export const TOKEN_ISSUER = 'island-glow/api-gateway';
export const TOKEN_AUDIENCE = 'island-glow/admin';

/** The passport strategy's name, shared by the strategy and the guards. */
export const ADMIN_JWT_STRATEGY = 'admin-jwt';

const BEARER = /^Bearer +([^\s]+)$/i;

/** The token of an `Authorization: Bearer <token>` header of the right shape. */
export function bearerToken(req: { headers: IncomingHttpHeaders }): string | undefined {
  const header = req.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined;
}

/** True when the request carries an `Authorization: Bearer <token>` header of the right shape. */
export function hasBearerToken(req: { headers: IncomingHttpHeaders }): boolean {
  return bearerToken(req) !== undefined;
}

/**
 * The request's token and where it came from: a bearer header wins (API clients, scripts, tests), else the
 * admin app's session cookie.
 */
export function requestToken(req: { headers: IncomingHttpHeaders }, layout: CookieLayout): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = bearerToken(req);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = sessionCookie(req.headers, layout);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

import { AuthMessage, CSRF_HEADER } from '@shop/contracts';
import type { GatewayConfig } from '@shop/server-config';
import type { Request } from 'express';
import { ForbiddenError } from './auth.errors';
import { csrfMatches, csrfTokenFor } from './session-cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// 'none' is the user's own navigation (address bar, bookmark); anything else from a browser is another origin.
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** The origins the admin app is opened at: ADMIN_URL's, and WEBAUTHN_ORIGIN when the operator set another one. */
function adminOrigins(config: GatewayConfig): string[] {
  return [new URL(config.ADMIN_URL).origin, ...(config.WEBAUTHN_ORIGIN ? [new URL(config.WEBAUTHN_ORIGIN).origin] : [])];
}

/**
 * Guards a request authenticated by the session cookie (bearer requests never get here: a page on another
 * origin cannot set Authorization). Refused with 403 when the browser says it came from another origin
 * (Sec-Fetch-Site, or an Origin other than ADMIN_URL's or WEBAUTHN_ORIGIN's); a state-changing request must also carry the
 * session's CSRF token in X-CSRF-Token, which a cross-site form cannot send. SameSite=Strict alone is not
 * enough: the shop host and the admin host are the same site.
 */
export function assertCookieRequestFromAdmin(req: Request, sessionId: string, config: GatewayConfig): void {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && !OWN_FETCH_SITES.has(site)) throw new ForbiddenError(AuthMessage.CrossSiteRefused);
  const origin = req.headers.origin;
  if (typeof origin === 'string' && !adminOrigins(config).includes(origin)) throw new ForbiddenError(AuthMessage.CrossSiteRefused);
  if (SAFE_METHODS.has(req.method)) return;
  const presented = req.headers[CSRF_HEADER.toLowerCase()];
  if (!csrfMatches(typeof presented === 'string' ? presented : undefined, csrfTokenFor(sessionId, config.JWT_SECRET))) {
    throw new ForbiddenError(AuthMessage.CrossSiteRefused);
  }
}

import type { IncomingHttpHeaders } from 'node:http';

/** Who a valid token belongs to, as the JWT strategy puts it on `req.user`. */
export interface AuthenticatedUser {
  id: string;
  username: string;
  /** True only when both the token and the account still say admin. */
  isAdmin: boolean;
}

/** The claims of the tokens the gateway signs (besides iat and exp). */
export interface AdminTokenClaims {
  sub: string;
  username: string;
  isAdmin: boolean;
}

/** The passport strategy's name, shared by the strategy and the guards. */
export const ADMIN_JWT_STRATEGY = 'admin-jwt';

const BEARER = /^Bearer +([^\s]+)$/i;

/** True when the request carries an `Authorization: Bearer <token>` header of the right shape. */
export function hasBearerToken(req: { headers: IncomingHttpHeaders }): boolean {
  const header = req.headers.authorization;
  return typeof header === 'string' && BEARER.test(header.trim());
}

import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { IncomingHttpHeaders } from 'node:http';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { ForbiddenError } from './auth.errors';
import { ADMIN_JWT_STRATEGY, type AuthenticatedUser, requestToken } from './authenticated-user';
import { cookieLayout } from './session-cookies';

/**
 * For public routes that do more for an admin: `@UseGuards(OptionalAdminGuard)` never refuses a
 * request; `@CurrentAdmin()` then gives the admin, or null when there is no token, a bad, expired
 * or forged one, an ended session, the token of a non-admin, or a session cookie sent from another
 * origin or without its CSRF header.
 */
@Injectable()
export class OptionalAdminGuard extends AuthGuard(ADMIN_JWT_STRATEGY) {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ headers: IncomingHttpHeaders; user?: AuthenticatedUser | null }>();
    req.user = null;
    if (requestToken(req, cookieLayout(this.config))) await super.canActivate(context);
    return true;
  }

  override handleRequest<TUser = AuthenticatedUser | null>(err: unknown, user: AuthenticatedUser | false | null): TUser {
    // A cross-origin cookie call is simply not an admin's here; a database failure is not "no admin":
    // answering as if it were would hide the outage.
    if (err instanceof ForbiddenError) return null as TUser;
    if (err) throw err;
    return (user && user.isAdmin && !user.mustSetUpSecondFactor ? user : null) as TUser;
  }
}

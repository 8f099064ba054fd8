import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { IncomingHttpHeaders } from 'node:http';
import { ADMIN_JWT_STRATEGY, type AuthenticatedUser, hasBearerToken } from './authenticated-user';

/**
 * For public routes that do more for an admin: `@UseGuards(OptionalAdminGuard)` never refuses a
 * request; `@CurrentAdmin()` then gives the admin, or null when there is no token, a bad, expired
 * or forged one, or the token of a non-admin.
 */
@Injectable()
export class OptionalAdminGuard extends AuthGuard(ADMIN_JWT_STRATEGY) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ headers: IncomingHttpHeaders; user?: AuthenticatedUser | null }>();
    req.user = null;
    if (hasBearerToken(req)) await super.canActivate(context);
    return true;
  }

  override handleRequest<TUser = AuthenticatedUser | null>(err: unknown, user: AuthenticatedUser | false | null): TUser {
    // A database failure is not "no admin": answering as if it were would hide the outage.
    if (err) throw err;
    return (user && user.isAdmin ? user : null) as TUser;
  }
}

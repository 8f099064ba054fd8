import { Injectable } from '@nestjs/common';
import { AuthMessage } from '@shop/contracts';
import { ForbiddenError } from './auth.errors';
import type { AuthenticatedUser } from './authenticated-user';
import { SessionGuard } from './session.guard';

/**
 * Lets only admins through: `@UseGuards(AdminGuard)` (add `@ApiBearerAuth()` for the docs). Accepts a
 * bearer token or the admin app's session cookie (with its CSRF header on state-changing calls). No
 * credentials: 401 'Not authorized, no token'. Bad signature, other algorithm, expired, account gone or
 * session ended: 401 'Not authorized, token failed'. A cookie call from another origin or without the
 * CSRF header: 403. A valid token of a non-admin: 403 'Not authorized as an admin'. The admin is then
 * `@CurrentAdmin()`.
 */
@Injectable()
export class AdminGuard extends SessionGuard {
  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: AuthenticatedUser | false | null): TUser {
    const signedIn = super.handleRequest<AuthenticatedUser>(err, user);
    if (!signedIn.isAdmin) throw new ForbiddenError(AuthMessage.NotAdmin);
    return signedIn as TUser;
  }
}

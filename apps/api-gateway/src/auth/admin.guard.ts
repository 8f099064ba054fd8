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
 * CSRF header: 403. A valid token of a non-admin: 403 'Not authorized as an admin'. An account that must set
 * up a second factor first (ADMIN_SECOND_FACTOR_REQUIRED): 403 until it has. The admin is then
 * `@CurrentAdmin()`.
 */
@Injectable()
export class AdminGuard extends SessionGuard {
  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: AuthenticatedUser | false | null): TUser {
    const signedIn = super.handleRequest<AuthenticatedUser>(err, user);
    if (!signedIn.isAdmin) throw new ForbiddenError(AuthMessage.NotAdmin);
    if (signedIn.mustSetUpSecondFactor) throw new ForbiddenError(AuthMessage.SecondFactorSetupRequired);
    return signedIn as TUser;
  }
}

/**
 * The AdminGuard for the routes an admin uses to set up a second factor: the same checks, except that an account
 * that must set one up first (ADMIN_SECOND_FACTOR_REQUIRED) is let through, since this is where it does.
 */
@Injectable()
export class AdminSetupGuard extends SessionGuard {
  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: AuthenticatedUser | false | null): TUser {
    const signedIn = super.handleRequest<AuthenticatedUser>(err, user);
    if (!signedIn.isAdmin) throw new ForbiddenError(AuthMessage.NotAdmin);
    return signedIn as TUser;
  }
}

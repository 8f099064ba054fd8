import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AuthMessage } from '@shop/contracts';
import type { Request } from 'express';
import { ForbiddenError, UnauthorizedError } from './auth.errors';
import { ADMIN_JWT_STRATEGY, type AuthenticatedUser, hasBearerToken } from './authenticated-user';

/**
 * Lets only admins through: `@UseGuards(AdminGuard)` (add `@ApiBearerAuth()` for the docs).
 * No or malformed `Authorization: Bearer` header: 401 'Not authorized, no token'. Bad signature,
 * other algorithm, expired, or the account is gone: 401 'Not authorized, token failed'. A valid
 * token of a non-admin: 403 'Not authorized as an admin'. The admin is then `@CurrentAdmin()`.
 */
@Injectable()
export class AdminGuard extends AuthGuard(ADMIN_JWT_STRATEGY) {
  override canActivate(context: ExecutionContext): Promise<boolean> {
    if (!hasBearerToken(context.switchToHttp().getRequest<Request>())) {
      throw new UnauthorizedError(AuthMessage.NoToken);
    }
    return super.canActivate(context) as Promise<boolean>;
  }

  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: AuthenticatedUser | false | null): TUser {
    // An error here is the database failing during the lookup, not a bad token: let it be a 500/503.
    if (err) throw err;
    if (!user) throw new UnauthorizedError(AuthMessage.TokenFailed);
    if (!user.isAdmin) throw new ForbiddenError(AuthMessage.NotAdmin);
    return user as TUser;
  }
}

import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { AuthMessage } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import type { Request } from 'express';
import { UnauthorizedError } from './auth.errors';
import { ADMIN_JWT_STRATEGY, type AuthenticatedUser, requestToken } from './authenticated-user';
import { cookieLayout } from './session-cookies';

/**
 * Lets through anyone with a live session, admin or not (logout, sign out everywhere). No bearer header
 * and no session cookie: 401 'Not authorized, no token'. Bad signature, other algorithm, expired, account
 * gone, session ended: 401 'Not authorized, token failed'. A cookie request from another origin or without
 * the CSRF header: 403.
 */
@Injectable()
export class SessionGuard extends AuthGuard(ADMIN_JWT_STRATEGY) {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {
    super();
  }

  override canActivate(context: ExecutionContext): Promise<boolean> {
    if (!requestToken(context.switchToHttp().getRequest<Request>(), cookieLayout(this.config))) {
      throw new UnauthorizedError(AuthMessage.NoToken);
    }
    return super.canActivate(context) as Promise<boolean>;
  }

  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: AuthenticatedUser | false | null): TUser {
    // An error here is a 403 from the CSRF check, or the database failing during the lookup (a 500/503).
    if (err) throw err;
    if (!user) throw new UnauthorizedError(AuthMessage.TokenFailed);
    return user as TUser;
  }
}

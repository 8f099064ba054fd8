import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { z } from 'zod';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { ADMIN_JWT_STRATEGY, type AuthenticatedUser, requestToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from './authenticated-user';
import { assertCookieRequestFromAdmin } from './csrf-check';
import { PasskeysRepository } from './passkeys.repository';
import { cookieLayout } from './session-cookies';

const ClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  iat: z.number(),
  sid: z.string().optional(),
});

/**
 * Checks tokens from `Authorization: Bearer` or the session cookie: HS256 only (so 'none' and an
 * RS256/HS256 mix-up are refused), signed with JWT_SECRET, for our issuer and audience, not expired, for an account that still exists
 * and has not been reset (password change, sign out everywhere) since the token was issued. A token with a
 * session id (every token the gateway issues) also needs its session live: not logged out, used within
 * SESSION_IDLE_SECONDS, before its absolute end; the session then slides. A cookie request must also pass
 * the cross-origin and CSRF checks (403). A token without a session id can only come from a holder of
 * JWT_SECRET (the gateway issues none); it is held to the account check only.
 */
@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, ADMIN_JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly users: AdminUsersRepository,
    private readonly sessions: AdminSessionsRepository,
    private readonly passkeys: PasskeysRepository,
  ) {
    super({
      jwtFromRequest: (req: Request) => requestToken(req, cookieLayout(config))?.token ?? null,
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** The token's user, or false (401) when the claims are not ours, the account is gone or the session ended. */
  async validate(req: Request, payload: unknown): Promise<AuthenticatedUser | false> {
    const claims = ClaimsSchema.safeParse(payload);
    if (!claims.success) return false;
    const via = requestToken(req, cookieLayout(this.config))?.via ?? 'bearer';
    const { sub, sid, iat } = claims.data;
    if (via === 'cookie') {
      // The cookie flow always has a session; a cookie without one is not ours.
      if (!sid) return false;
      // Before any lookup: a call from another origin must neither cost a query nor keep the session alive.
      assertCookieRequestFromAdmin(req, sid, this.config);
    }
    const user = await this.users.findById(sub);
    if (!user) return false;
    // The account is written when its password or role is reset (admin-user command) or its owner signs
    // out everywhere, so a token older than the last write belongs to a session that meant to end.
    if (iat < Math.floor(user.updatedAt.getTime() / 1000)) return false;
    if (sid && !(await this.sessions.touch(sid, user.id, this.config.SESSION_IDLE_SECONDS))) return false;
    // A passkey counts as a second factor too; asked only when the setting is on and TOTP is off.
    const mustSetUpSecondFactor = this.config.ADMIN_SECOND_FACTOR_REQUIRED && !user.totpSecret && (await this.passkeys.countFor(user.id)) === 0;
    return { id: user.id, username: user.username, isAdmin: user.isAdmin && claims.data.isAdmin, sessionId: sid ?? null, via, mustSetUpSecondFactor };
  }
}

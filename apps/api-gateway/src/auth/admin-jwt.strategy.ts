import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '@shop/server-core';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { z } from 'zod';
import { AdminUsersRepository } from './admin-users.repository';
import { ADMIN_JWT_STRATEGY, type AuthenticatedUser } from './authenticated-user';

const ClaimsSchema = z.object({
  sub: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  iat: z.number(),
});

/**
 * Checks bearer tokens: HS256 only (so 'none' and an RS256/HS256 mix-up are refused), signed with
 * JWT_SECRET, not expired, for an account that still exists and whose password has not been reset
 * since the token was issued.
 */
@Injectable()
export class AdminJwtStrategy extends PassportStrategy(Strategy, ADMIN_JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: AdminUsersRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** The token's user, or false (401) when the claims are not ours or the account is gone. */
  async validate(payload: unknown): Promise<AuthenticatedUser | false> {
    const claims = ClaimsSchema.safeParse(payload);
    if (!claims.success) return false;
    const user = await this.users.findById(claims.data.sub);
    if (!user) return false;
    // The account is only written when its password or role is reset (admin-user command), so a
    // token older than the last write belongs to a session that the reset meant to end.
    if (claims.data.iat < Math.floor(user.updatedAt.getTime() / 1000)) return false;
    return { id: user.id, username: user.username, isAdmin: user.isAdmin && claims.data.isAdmin };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthMessage, type LoginRequest } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-core';
import { type RateLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { AdminSessionsRepository, type SessionFlow } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { UnauthorizedError } from './auth.errors';
import type { AdminTokenClaims } from './authenticated-user';
import { LoginLockout } from './login-lockout';
import { PasswordHasher } from './password-hasher';
import { type LoginClient, SecurityAlerts } from './security-alerts';
import { csrfTokenFor, deviceHash } from './session-cookies';

/** Failed logins a client may make per window before it is refused (product rules, section 3). */
export const LOGIN_ATTEMPTS_PER_WINDOW = 5;
export const LOGIN_WINDOW_SECONDS = 60;

/** The client of a login: its address and browser, and for the cookie flow the browser's device id. */
export interface LoginContext extends LoginClient {
  flow: SessionFlow;
  /** The device cookie's value (cookie flow). */
  deviceId?: string;
}

/** A successful login: a session and the token that carries it. */
export interface IssuedSession {
  user: { id: string; username: string; isAdmin: boolean };
  token: string;
  sessionId: string;
  /** The CSRF token that goes with the session (cookie flow). */
  csrf: string;
  /** The session's end at the latest: its absolute cap or the token's expiry, whichever is first. */
  expiresAt: Date;
}

/** Checks credentials, opens and ends sessions. */
@Injectable()
export class AuthService {
  private readonly loginLimiter: RateLimiter;

  constructor(
    private readonly users: AdminUsersRepository,
    private readonly sessions: AdminSessionsRepository,
    private readonly passwords: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly lockout: LoginLockout,
    private readonly alerts: SecurityAlerts,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    limiters: RateLimiterFactory,
  ) {
    this.loginLimiter = limiters.create({
      name: 'login',
      limit: LOGIN_ATTEMPTS_PER_WINDOW,
      windowSeconds: LOGIN_WINDOW_SECONDS,
      message: AuthMessage.TooManyLoginAttempts,
    });
  }

  /**
   * A session for valid credentials. A wrong password and an unknown username get the same 401 after
   * the same bcrypt work; only failures count against the client's rate limit and the account's lockout.
   * A locked account is refused (429) before its password is even checked.
   */
  async login(input: LoginRequest, ctx: LoginContext): Promise<IssuedSession> {
    await this.loginLimiter.consume(ctx.ip);
    await this.lockout.assertOpen(input.username);
    const user = await this.users.findByUsername(input.username);
    const valid = user
      ? await this.passwords.verify(input.password, user.passwordHash)
      : await this.passwords.verifyAgainstDummy(input.password);
    if (!user || !valid) {
      const locked = await this.lockout.recordFailure(input.username);
      if (locked) this.alerts.accountLocked(user?.username ?? input.username, ctx, locked.lockedUntil, locked.failures);
      throw new UnauthorizedError(AuthMessage.InvalidCredentials);
    }
    await this.lockout.clear(input.username);
    await this.loginLimiter.release(ctx.ip);

    const lifetime = Math.min(this.config.SESSION_ABSOLUTE_SECONDS, this.config.JWT_EXPIRES_IN_SECONDS);
    const device = ctx.flow === 'cookie' && ctx.deviceId ? deviceHash('device', ctx.deviceId) : deviceHash('ua', ctx.userAgent);
    const session = await this.sessions.open({
      userId: user.id,
      flow: ctx.flow,
      deviceHash: device,
      userAgent: ctx.userAgent,
      clientIp: ctx.ip,
      absoluteSeconds: lifetime,
    });
    if (!session.knownDevice) this.alerts.newBrowser(user.username, ctx);
    const claims: AdminTokenClaims = { sub: user.id, username: user.username, isAdmin: user.isAdmin, sid: session.id };
    return {
      user: { id: user.id, username: user.username, isAdmin: user.isAdmin },
      token: await this.jwt.signAsync(claims),
      sessionId: session.id,
      csrf: csrfTokenFor(session.id, this.config.JWT_SECRET),
      expiresAt: session.absoluteExpiresAt,
    };
  }

  /** Ends one session (logout). */
  logout(sessionId: string | null): Promise<void> {
    return sessionId ? this.sessions.revoke(sessionId) : Promise.resolve();
  }

  /** Ends every session of the user, and every token issued to them before now (sign out everywhere). */
  async logoutEverywhere(userId: string): Promise<number> {
    const ended = await this.sessions.revokeAllForUser(userId);
    await this.users.endTokensIssuedBefore(userId);
    return ended;
  }
}

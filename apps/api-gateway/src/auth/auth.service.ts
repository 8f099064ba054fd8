import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthMessage, type ChangePasswordRequest, type LoginRequest, ValidationError } from '@shop/contracts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { type RateLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { AdminSessionsRepository, type SessionFlow } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { UnauthorizedError } from './auth.errors';
import type { AdminUserEntity } from './admin-user.entity';
import type { AdminTokenClaims } from './authenticated-user';
import { LoginLockout, type LockSubject } from './login-lockout';
import { PasskeyService } from './passkey.service';
import { PasskeysRepository } from './passkeys.repository';
import { PasswordHasher } from './password-hasher';
import { passwordProblem } from './password-policy';
import { SecondFactorService } from './second-factor.service';
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
  /** ADMIN_SECOND_FACTOR_REQUIRED and the account has no second factor: the session can only set one up. */
  mustSetUpSecondFactor: boolean;
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
    private readonly secondFactor: SecondFactorService,
    private readonly passkeys: PasskeyService,
    private readonly passkeyStore: PasskeysRepository,
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
   * the same bcrypt work; only failures count against the client's rate limit and the lockout. A locked
   * subject (see LockSubject: the account, or this browser when it signed in to the account before) is
   * refused (429) before its password is even checked. An account with two-step sign-in also needs its
   * code: the right password without one is answered 401 SecondFactorNeeded (not a failure), a wrong code
   * counts as a failure.
   */
  async login(input: LoginRequest, ctx: LoginContext): Promise<IssuedSession> {
    const { user, subject, device } = await this.checkPassword(input, ctx);
    const hasPasskey = (await this.passkeyStore.countFor(user.id)) > 0;
    if (user.totpSecret || hasPasskey) {
      // A passkey, or else a code (TOTP or recovery); an account with only a passkey has no code that can pass.
      if (input.passkey) {
        if (!(await this.passkeys.verifyAtSignIn(user, input.passkey))) return this.failed(subject, user, input.username, ctx, AuthMessage.InvalidPasskey);
      } else if (input.code) {
        if (!(await this.secondFactor.verifyAtSignIn(user, input.code))) return this.failed(subject, user, input.username, ctx, AuthMessage.InvalidSecondFactor);
      } else {
        throw new UnauthorizedError(user.totpSecret ? AuthMessage.SecondFactorNeeded : AuthMessage.PasskeyNeeded);
      }
    }
    await this.lockout.clear(subject);
    await this.loginLimiter.release(ctx.ip);

    const lifetime = Math.min(this.config.SESSION_ABSOLUTE_SECONDS, this.config.JWT_EXPIRES_IN_SECONDS);
    const session = await this.sessions.open({
      userId: user.id,
      flow: ctx.flow,
      deviceHash: device ?? deviceHash('ua', ctx.userAgent),
      userAgent: ctx.userAgent,
      clientIp: ctx.ip,
      absoluteSeconds: lifetime,
    });
    if (!session.knownDevice) this.alerts.newBrowser(user.username, ctx);
    const claims: AdminTokenClaims = { sub: user.id, username: user.username, isAdmin: user.isAdmin, sid: session.id };
    return {
      user: { id: user.id, username: user.username, isAdmin: user.isAdmin },
      mustSetUpSecondFactor: this.config.ADMIN_SECOND_FACTOR_REQUIRED && !user.totpSecret && !hasPasskey,
      token: await this.jwt.signAsync(claims),
      sessionId: session.id,
      csrf: csrfTokenFor(session.id, this.config.JWT_SECRET),
      expiresAt: session.absoluteExpiresAt,
    };
  }

  /**
   * The passkey step of a sign-in: after the right password (checked, limited and counted as at login), a challenge
   * for the account's passkeys, which `login` then takes with the browser's answer. 409 when the account has none.
   */
  async passkeySignInOptions(input: LoginRequest, ctx: LoginContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { user } = await this.checkPassword(input, ctx);
    // The right password is no failure: the client's attempts are given back, as after a login.
    await this.loginLimiter.release(ctx.ip);
    return this.passkeys.signInOptions(user);
  }

  /**
   * The first step of every sign-in: the client's limit, the lock of the subject (see LockSubject: the account, or
   * this browser when it signed in to the account before), then the password; a wrong one counts as a failure.
   */
  private async checkPassword(input: LoginRequest, ctx: LoginContext): Promise<{ user: AdminUserEntity; subject: LockSubject; device: string | undefined }> {
    await this.loginLimiter.consume(ctx.ip);
    const user = await this.users.findByUsername(input.username);
    const device = ctx.flow === 'cookie' && ctx.deviceId ? deviceHash('device', ctx.deviceId) : undefined;
    const subject: LockSubject = user
      ? { account: user.id, device: device && (await this.sessions.signedInBefore(user.id, device)) ? device : undefined }
      : { name: await this.users.normalisedName(input.username) };
    await this.lockout.assertOpen(subject);
    const valid = user
      ? await this.passwords.verify(input.password, user.passwordHash)
      : await this.passwords.verifyAgainstDummy(input.password);
    if (!user || !valid) return this.failed(subject, user, input.username, ctx, AuthMessage.InvalidCredentials);
    return { user, subject, device };
  }

  /** Counts a failed login (mailing the owner when it locked, at most hourly) and refuses it with 401. */
  private async failed(subject: LockSubject, user: AdminUserEntity | null, typed: string, ctx: LoginContext, message: string): Promise<never> {
    const locked = await this.lockout.recordFailure(subject);
    if (locked) this.alerts.accountLocked(user?.id ?? null, user?.username ?? typed, ctx, locked.lockedUntil, locked.failures);
    throw new UnauthorizedError(message);
  }

  /**
   * The password change of the admin app: the current password (a wrong one counts against the client's login
   * limit and is refused with 400, not 401, which would end the session), a new one that is long enough, not
   * common and not the username; then every other session of the account ends and the owner is mailed.
   */
  async changePassword(userId: string, sessionId: string | null, input: ChangePasswordRequest, client: LoginClient): Promise<{ endedSessions: number }> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError();
    await this.loginLimiter.consume(client.ip);
    if (!(await this.passwords.verify(input.currentPassword, user.passwordHash))) throw new ValidationError(AuthMessage.CurrentPasswordWrong);
    await this.loginLimiter.release(client.ip);
    const problem = await passwordProblem(input.newPassword, user.username);
    if (problem) throw new ValidationError(problem);
    if (await this.passwords.verify(input.newPassword, user.passwordHash)) throw new ValidationError(AuthMessage.PasswordUnchanged);
    await this.users.setPasswordHash(user.id, await this.passwords.hash(input.newPassword));
    const endedSessions = await this.sessions.revokeOthers(user.id, sessionId);
    this.alerts.passwordChanged(user.username, client);
    return { endedSessions };
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

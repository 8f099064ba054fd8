import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthMessage, type LoginRequest, type LoginResponse } from '@shop/contracts';
import { AdminUsersRepository } from './admin-users.repository';
import { UnauthorizedError } from './auth.errors';
import type { AdminTokenClaims } from './authenticated-user';
import { PasswordHasher } from './password-hasher';
import { type RateLimiter, RateLimiterFactory } from './rate-limiter';

/** Failed logins a client may make per window before it is refused (product rules, section 3). */
export const LOGIN_ATTEMPTS_PER_WINDOW = 5;
export const LOGIN_WINDOW_SECONDS = 60;

/** Checks credentials and issues bearer tokens. */
@Injectable()
export class AuthService {
  private readonly loginLimiter: RateLimiter;

  constructor(
    private readonly users: AdminUsersRepository,
    private readonly passwords: PasswordHasher,
    private readonly jwt: JwtService,
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
   * A token for valid credentials. A wrong password and an unknown username get the same 401 after
   * the same bcrypt work; only failures count against the client's rate limit.
   */
  async login(input: LoginRequest, client: string): Promise<LoginResponse> {
    await this.loginLimiter.consume(client);
    const user = await this.users.findByUsername(input.username);
    const valid = user
      ? await this.passwords.verify(input.password, user.passwordHash)
      : await this.passwords.verifyAgainstDummy(input.password);
    if (!user || !valid) throw new UnauthorizedError(AuthMessage.InvalidCredentials);
    await this.loginLimiter.release(client);
    const claims: AdminTokenClaims = { sub: user.id, username: user.username, isAdmin: user.isAdmin };
    return { _id: user.id, username: user.username, isAdmin: user.isAdmin, token: await this.jwt.signAsync(claims) };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { AuthMessage } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-core';
import { RateLimitedError } from '../http/rate-limiter';
import { LoginLockoutsRepository } from './login-lockouts.repository';

/** A failure that locked the account: until when, after how many failures. */
export interface Lockout {
  lockedUntil: Date;
  failures: number;
}

/**
 * Locks an account (by username, whatever the client) after LOGIN_LOCKOUT_THRESHOLD failed logins:
 * BASE seconds, doubling with every further failure up to MAX. A locked account refuses even the right
 * password, so a correct guess from another client neither gets in nor resets the count. The count
 * starts again after a successful login or RESET seconds without a failure. Kept in Postgres (identity
 * schema) so that it holds across gateway replicas and restarts.
 */
@Injectable()
export class LoginLockout {
  constructor(
    private readonly lockouts: LoginLockoutsRepository,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Throws 429 (AccountLocked, with Retry-After) while the account is locked. */
  async assertOpen(username: string): Promise<void> {
    const seconds = await this.lockouts.lockedForSeconds(key(username));
    if (seconds !== undefined) throw new RateLimitedError(AuthMessage.AccountLocked, Math.max(1, seconds));
  }

  /** Counts a failed login; answers the lockout when this failure locked the account. One atomic statement. */
  async recordFailure(username: string): Promise<Lockout | null> {
    const c = this.config;
    const row = await this.lockouts.recordFailure(key(username), {
      threshold: c.LOGIN_LOCKOUT_THRESHOLD,
      baseSeconds: c.LOGIN_LOCKOUT_BASE_SECONDS,
      maxSeconds: c.LOGIN_LOCKOUT_MAX_SECONDS,
      resetSeconds: c.LOGIN_LOCKOUT_RESET_SECONDS,
    });
    return row.locked_until ? { lockedUntil: new Date(row.locked_until), failures: row.failures } : null;
  }

  /**
   * A successful login (only possible while not locked) clears the count. It also drops the counts that
   * have run out (RESET seconds without a failure, not locked), so that guesses at many usernames do not
   * pile up rows.
   */
  async clear(username: string): Promise<void> {
    await this.lockouts.clear(key(username), this.config.LOGIN_LOCKOUT_RESET_SECONDS);
  }
}

function key(username: string): string {
  return username.trim().toLowerCase();
}

import { Inject, Injectable } from '@nestjs/common';
import { AuthMessage } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import { RateLimitedError } from '../http/rate-limiter';
import { LoginLockoutsRepository } from './login-lockouts.repository';

/** A failure that locked: until when, after how many failures. */
export interface Lockout {
  lockedUntil: Date;
  failures: number;
}

/**
 * What a login's failures count against. An account that exists is locked by its id, whatever spelling of the
 * name was typed; a name that is no account by its normalised form (the same as the account lookup's), so that a
 * lock says nothing about which names exist. A browser that completed a sign-in to the account before (its signed
 * device cookie) has a count of its own: failures from elsewhere do not lock it out, and its own failures do not
 * lock everyone else.
 */
export type LockSubject = { account: string; device?: string } | { name: string };

export function lockKey(subject: LockSubject): string {
  if ('name' in subject) return `name:${subject.name}`;
  return subject.device ? `device:${subject.account}:${subject.device}` : `account:${subject.account}`;
}

/**
 * Locks a subject after LOGIN_LOCKOUT_THRESHOLD failed logins: BASE seconds, doubling with every further failure
 * up to MAX. A locked subject refuses even the right password, so a correct guess from another client neither
 * gets in nor resets the count. The count starts again after a successful login or RESET seconds without a
 * failure. Kept in Postgres (identity schema) so that it holds across gateway replicas and restarts.
 */
@Injectable()
export class LoginLockout {
  constructor(
    private readonly lockouts: LoginLockoutsRepository,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Throws 429 (AccountLocked, with Retry-After) while the subject is locked. */
  async assertOpen(subject: LockSubject): Promise<void> {
    const seconds = await this.lockouts.lockedForSeconds(lockKey(subject));
    if (seconds !== undefined) throw new RateLimitedError(AuthMessage.AccountLocked, Math.max(1, seconds));
  }

  /** Counts a failed login; answers the lockout when this failure locked the subject. One atomic statement. */
  async recordFailure(subject: LockSubject): Promise<Lockout | null> {
    const c = this.config;
    const row = await this.lockouts.recordFailure(lockKey(subject), {
      threshold: c.LOGIN_LOCKOUT_THRESHOLD,
      baseSeconds: c.LOGIN_LOCKOUT_BASE_SECONDS,
      maxSeconds: c.LOGIN_LOCKOUT_MAX_SECONDS,
      resetSeconds: c.LOGIN_LOCKOUT_RESET_SECONDS,
    });
    return row.locked_until ? { lockedUntil: new Date(row.locked_until), failures: row.failures } : null;
  }

  /**
   * A successful login (only possible while not locked) clears the subject's count. It also drops the counts
   * that have run out (RESET seconds without a failure, not locked), so that guesses at many usernames do not
   * pile up rows.
   */
  async clear(subject: LockSubject): Promise<void> {
    await this.lockouts.clear(lockKey(subject), this.config.LOGIN_LOCKOUT_RESET_SECONDS);
  }

  /** Lifts the subject's lock and count at once (a password reset through the owner's mailbox). */
  async lift(subject: LockSubject): Promise<void> {
    await this.lockouts.remove(lockKey(subject));
  }
}

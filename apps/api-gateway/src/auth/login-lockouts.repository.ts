import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

// 2^30 seconds is far past any sensible LOGIN_LOCKOUT_MAX_SECONDS; the cap keeps power() finite.
const MAX_DOUBLINGS = 30;

/** How failures lock an account: from how many, for how long at first and at most, and when the count starts again. */
export interface LockoutPolicy {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
  resetSeconds: number;
}

/** All SQL of the failed-login counts (identity.login_lockouts), keyed by account, device or normalised name (see LoginLockout). */
@Injectable()
export class LoginLockoutsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** Seconds the account stays locked, or undefined when it is not locked. */
  async lockedForSeconds(lockKey: string): Promise<number | undefined> {
    const [row] = await queryRows<{ seconds: number }>(
      this.tx.db(),
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
         FROM identity.login_lockouts WHERE lock_key = $1 AND locked_until > now()`,
      [lockKey],
    );
    return row?.seconds;
  }

  /** Counts a failure in one atomic statement: the count so far, and until when the account is now locked. */
  async recordFailure(lockKey: string, p: LockoutPolicy): Promise<{ failures: number; locked_until: Date | null }> {
    const failures = `CASE WHEN l.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE l.failures + 1 END`;
    const lockFor = (f: string) =>
      `CASE WHEN ${f} >= $2 THEN now() + make_interval(secs => least($4::float8, $3::float8 * power(2, least(${f} - $2, ${MAX_DOUBLINGS})))) END`;
    const [row] = await queryRows<{ failures: number; locked_until: Date | null }>(
      this.tx.db(),
      `INSERT INTO identity.login_lockouts AS l (lock_key, failures, last_failure_at, locked_until)
       VALUES ($1, 1, now(), ${lockFor('1')})
       ON CONFLICT (lock_key) DO UPDATE
         SET failures = ${failures}, last_failure_at = now(), locked_until = ${lockFor(failures)}
       RETURNING failures, locked_until`,
      [lockKey, p.threshold, p.baseSeconds, p.maxSeconds, p.resetSeconds],
    );
    return row;
  }

  /** Drops the user's count (when not locked) and every count that ran out `resetSeconds` ago and is not locked. */
  async clear(lockKey: string, resetSeconds: number): Promise<void> {
    await this.tx.db().query(
      `DELETE FROM identity.login_lockouts
        WHERE (locked_until IS NULL OR locked_until <= now())
          AND (lock_key = $1 OR last_failure_at < now() - make_interval(secs => $2))`,
      [lockKey, resetSeconds],
    );
  }

  /** Forgets a subject's count and lock, locked or not. */
  async remove(lockKey: string): Promise<void> {
    await this.tx.db().query(`DELETE FROM identity.login_lockouts WHERE lock_key = $1`, [lockKey]);
  }
}

import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

/** A reset link's row, as the link's page finds it (locked until the transaction ends). */
export interface PasswordResetRow {
  user_id: string;
  expired: boolean;
  used: boolean;
}

/** All reads and writes of password-reset links (identity.password_resets); tokens are only ever seen as their hash. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /**
   * Stores a new link for the account, working for `minutes` from now (the database's clock); an earlier link of the
   * account that was not used stops working (only the newest mail's link works). Answers when it expires.
   */
  async issue(userId: string, tokenHash: string, minutes: number): Promise<Date> {
    return this.tx.run(async () => {
      await this.tx.db().query(`DELETE FROM identity.password_resets WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      const [row] = await queryRows<{ expires_at: Date }>(
        this.tx.db(),
        `INSERT INTO identity.password_resets (token_hash, user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3))
         RETURNING expires_at`,
        [tokenHash, userId, minutes],
      );
      return new Date(row.expires_at);
    });
  }

  /** The link with this token hash, or undefined. */
  async find(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.select(tokenHash, '');
  }

  /** The link with this token hash, its row locked (the caller's transaction), or undefined. */
  async lock(tokenHash: string): Promise<PasswordResetRow | undefined> {
    return this.select(tokenHash, 'FOR UPDATE');
  }

  private async select(tokenHash: string, lock: '' | 'FOR UPDATE'): Promise<PasswordResetRow | undefined> {
    const [row] = await queryRows<PasswordResetRow>(
      this.tx.db(),
      `SELECT user_id, expires_at <= now() AS expired, used_at IS NOT NULL AS used
         FROM identity.password_resets WHERE token_hash = $1 ${lock}`,
      [tokenHash],
    );
    return row;
  }

  /** Marks the link used; every other link of the account stops working. */
  async use(tokenHash: string, userId: string): Promise<void> {
    await this.tx.db().query(`UPDATE identity.password_resets SET used_at = now() WHERE token_hash = $1`, [tokenHash]);
    await this.tx.db().query(`DELETE FROM identity.password_resets WHERE user_id = $1 AND token_hash <> $2`, [userId, tokenHash]);
  }
}

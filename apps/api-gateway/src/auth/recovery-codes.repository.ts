import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

/** All SQL of the one-time recovery codes (identity.admin_recovery_codes); only their hashes are stored. */
@Injectable()
export class RecoveryCodesRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** Replaces every code of the user with these (a new set makes the old one worthless). */
  async replace(userId: string, codeHashes: string[]): Promise<void> {
    await this.tx.run(async () => {
      await this.tx.db().query(`DELETE FROM identity.admin_recovery_codes WHERE user_id = $1`, [userId]);
      await this.tx.db().query(
        `INSERT INTO identity.admin_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`,
        [userId, codeHashes],
      );
    });
  }

  /** Spends a code: true only the first time it is used (one statement, so two tries cannot both pass). */
  async spend(userId: string, codeHash: string): Promise<boolean> {
    const rows = await queryRows<{ code_hash: string }>(
      this.tx.db(),
      `UPDATE identity.admin_recovery_codes SET used_at = now()
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
        RETURNING code_hash`,
      [userId, codeHash],
    );
    return rows.length > 0;
  }

  /** How many codes the user has not used. */
  async countLeft(userId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.tx.db(),
      `SELECT count(*)::int AS n FROM identity.admin_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    );
    return row.n;
  }
}

import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';
import { AdminUserEntity } from './admin-user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A typed name as every lookup compares it: NFKC, then Postgres's lower() (see the username index). */
const NORMALISED = (param: string) => `lower(normalize(CAST(${param} AS text), NFKC))`;

/** The outcome of creating or resetting an account. */
export interface SavedAdmin {
  id: string;
  username: string;
  created: boolean;
}

/** All reads and writes of admin accounts (identity.admin_users). */
@Injectable()
export class AdminUsersRepository {
  constructor(private readonly tx: TransactionContext) {}

  /**
   * The account with this username after normalisation (NFKC, then one lower-casing, both in Postgres: the same
   * expression as the unique index, so 'ADMİN' finds 'admin' here exactly when it would clash with it there).
   */
  findByUsername(username: string): Promise<AdminUserEntity | null> {
    return this.tx.db()
      .getRepository(AdminUserEntity)
      .createQueryBuilder('u')
      .where(`lower(normalize(u.username, NFKC)) = ${NORMALISED(':username')}`, { username })
      .getOne();
  }

  /** The typed name as every lookup normalises it: the lockout's key for a name that is no account. */
  async normalisedName(username: string): Promise<string> {
    const [row] = await queryRows<{ name: string }>(this.tx.db(), `SELECT ${NORMALISED('$1')} AS name`, [username]);
    return row.name;
  }

  /** Gives the account a new password hash (the password change); its sessions are the caller's to end. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.tx.db().query(`UPDATE identity.admin_users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
  }

  /** Starts a TOTP enrolment: the secret waits until a first code from it is confirmed. */
  async setPendingTotp(userId: string, secret: string): Promise<void> {
    await this.tx.db().query(`UPDATE identity.admin_users SET totp_pending_secret = $2 WHERE id = $1`, [userId, secret]);
  }

  /**
   * Ends a TOTP enrolment: the pending secret (only if it is still `secret`, so two tabs cannot mix) becomes the
   * one in use, with the step of the code that confirmed it already spent. False when the enrolment changed.
   */
  async enableTotp(userId: string, secret: string, step: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      `UPDATE identity.admin_users
          SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(), totp_last_step = $3
        WHERE id = $1 AND totp_pending_secret = $2
        RETURNING id`,
      [userId, secret, step],
    );
    return rows.length > 0;
  }

  /** Spends a TOTP time step: true only for a step later than every one accepted before (one statement, so no replay). */
  async spendTotpStep(userId: string, step: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      `UPDATE identity.admin_users SET totp_last_step = $2
        WHERE id = $1 AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $2)
        RETURNING id`,
      [userId, step],
    );
    return rows.length > 0;
  }

  /** Removes the second factor (TOTP, recovery codes, passkeys and their challenges): the admin-user command's reset. Answers the account, if any. */
  async resetSecondFactor(username: string): Promise<{ id: string; username: string } | null> {
    return this.tx.run(async () => {
      const [row] = await queryRows<{ id: string; username: string }>(
        this.tx.db(),
        `UPDATE identity.admin_users
            SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL
          WHERE lower(normalize(username, NFKC)) = ${NORMALISED('$1')}
          RETURNING id, username`,
        [username],
      );
      if (!row) return null;
      await this.tx.db().query(`DELETE FROM identity.admin_recovery_codes WHERE user_id = $1`, [row.id]);
      await this.tx.db().query(`DELETE FROM identity.admin_passkeys WHERE user_id = $1`, [row.id]);
      await this.tx.db().query(`DELETE FROM identity.webauthn_challenges WHERE user_id = $1`, [row.id]);
      return row;
    });
  }

  /** The oldest admin account: the owner's, whose mailbox is SHOP_OWNER_EMAIL (a password reset by e-mail address). */
  firstAdmin(): Promise<AdminUserEntity | null> {
    return this.tx.db().getRepository(AdminUserEntity).findOne({ where: { isAdmin: true }, order: { createdAt: 'ASC' } });
  }

  /** The account with this id; null for an unknown or malformed id (never a database error). */
  findById(id: string): Promise<AdminUserEntity | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.tx.db().getRepository(AdminUserEntity).findOneBy({ id });
  }

  /**
   * Creates the first admin when there is no admin yet. Runs under a transaction-scoped advisory
   * lock so that replicas starting together create it once. `prepare` (validation and hashing) is
   * only called when there is no admin. 'name-taken': a non-admin account already has that username.
   */
  async createFirstAdmin(
    prepare: () => Promise<{ username: string; passwordHash: string }>,
  ): Promise<SavedAdmin | 'admin-exists' | 'name-taken'> {
    return this.tx.run(async () => {
      const em = this.tx.db();
      await em.query(`SELECT pg_advisory_xact_lock(hashtext('identity.first-admin'))`);
      const admins = await em.count(AdminUserEntity, { where: { isAdmin: true } });
      if (admins > 0) return 'admin-exists';
      const { username, passwordHash } = await prepare();
      const rows = await queryRows<{ id: string; username: string }>(
        em,
        `INSERT INTO identity.admin_users (username, password_hash, is_admin)
         VALUES ($1, $2, true)
         ON CONFLICT ((lower(normalize(username, NFKC)))) DO NOTHING
         RETURNING id, username`,
        [username, passwordHash],
      );
      return rows[0] ? { ...rows[0], created: true } : 'name-taken';
    });
  }

  /** Creates an admin, or gives an existing account (any case of the name) this password and the admin role. */
  async saveAdmin(username: string, passwordHash: string): Promise<SavedAdmin> {
    const [row] = await queryRows<{ id: string; username: string; created: boolean }>(
      this.tx.db(),
      `INSERT INTO identity.admin_users (username, password_hash, is_admin)
       VALUES ($1, $2, true)
       ON CONFLICT ((lower(normalize(username, NFKC)))) DO UPDATE
         SET password_hash = EXCLUDED.password_hash, is_admin = true, updated_at = now()
       RETURNING id, username, (xmax = 0) AS created`,
      [username, passwordHash],
    );
    return row;
  }

  /**
   * Marks the account as reset now, which ends every token issued before this second (sign out everywhere).
   * updated_at only ever moves forward.
   */
  async endTokensIssuedBefore(userId: string): Promise<void> {
    await this.tx.db().query(`UPDATE identity.admin_users SET updated_at = greatest(updated_at, now()) WHERE id = $1`, [userId]);
  }
}

import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';
import { AdminUserEntity } from './admin-user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  /** The account with this username, ignoring case. */
  findByUsername(username: string): Promise<AdminUserEntity | null> {
    return this.tx.db()
      .getRepository(AdminUserEntity)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
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
         ON CONFLICT ((lower(username))) DO NOTHING
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
       ON CONFLICT ((lower(username))) DO UPDATE
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

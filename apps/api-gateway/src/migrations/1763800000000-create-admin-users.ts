import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAdminUsers1763800000000 implements MigrationInterface {
  name = 'CreateAdminUsers1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.admin_users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL CHECK (length(username) BETWEEN 1 AND 100),
        password_hash text NOT NULL,
        is_admin boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Usernames are unique whatever their case: 'Admin' and 'admin' are one account.
    await q.query(`CREATE UNIQUE INDEX admin_users_username_key ON identity.admin_users (lower(username))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.admin_users`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: the site settings' bank transfer section (on or off, the hold in hours, the local bank accounts shown
 * to the shopper). Null until the owner saves it: bank transfer is then off.
 */
export class BankTransferSettings1766900029000 implements MigrationInterface {
  name = 'BankTransferSettings1766900029000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog.site_settings ADD COLUMN bank_transfer jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog.site_settings DROP COLUMN bank_transfer');
  }
}

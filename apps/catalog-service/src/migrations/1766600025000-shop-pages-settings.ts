import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25: the shop's opening hours and pick-up address, and the owner's delivery, returns and privacy pages
 * (site settings). Null until the owner saves them: the settings then answer the shop's default texts.
 */
export class ShopPagesSettings1766600025000 implements MigrationInterface {
  name = 'ShopPagesSettings1766600025000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog.site_settings ADD COLUMN shop jsonb, ADD COLUMN pages jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog.site_settings DROP COLUMN shop, DROP COLUMN pages');
  }
}

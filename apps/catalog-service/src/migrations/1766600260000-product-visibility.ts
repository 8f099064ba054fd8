import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A product the owner keeps out of the shop (issue 26: a draft, or one taken off sale for a while): `visible` false
 * hides it from every public list, search, page and the sitemap, and it cannot be reserved; the owner still sees
 * and edits it. Existing products stay on sale.
 */
export class ProductVisibility1766600260000 implements MigrationInterface {
  name = 'ProductVisibility1766600260000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.products ADD COLUMN visible boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.products DROP COLUMN visible`);
  }
}

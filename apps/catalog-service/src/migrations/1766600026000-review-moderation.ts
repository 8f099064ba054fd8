import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: the owner moderates reviews. Each review has a state (`published`, the only one the public sees;
 * `pending`, held for approval; `hidden`, taken down by the owner); the reviews written before are published. The
 * shop's review settings are one row: whether new reviews wait for approval (off, as before).
 */
export class ReviewModeration1766600026000 implements MigrationInterface {
  name = 'ReviewModeration1766600026000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE catalog.reviews ADD COLUMN status text NOT NULL DEFAULT 'published'
         CONSTRAINT reviews_status_check CHECK (status IN ('published', 'pending', 'hidden'))`,
    );
    // The moderation screen lists newest first; the public reads a product's published reviews.
    await q.query('CREATE INDEX reviews_created_idx ON catalog.reviews (created_at DESC, id)');
    await q.query('CREATE INDEX reviews_product_status_idx ON catalog.reviews (product_id, status)');
    await q.query(`
      CREATE TABLE catalog.review_settings (
        singleton boolean PRIMARY KEY DEFAULT true CONSTRAINT review_settings_singleton CHECK (singleton),
        hold_for_approval boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('INSERT INTO catalog.review_settings (singleton) VALUES (true)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE catalog.review_settings');
    await q.query('DROP INDEX catalog.reviews_product_status_idx');
    await q.query('DROP INDEX catalog.reviews_created_idx');
    await q.query('ALTER TABLE catalog.reviews DROP COLUMN status');
  }
}

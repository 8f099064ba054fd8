import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 25: the home page reads the newest reviews across all products. */
export class RecentReviewsIndex1766600025100 implements MigrationInterface {
  name = 'RecentReviewsIndex1766600025100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX reviews_recent_idx ON catalog.reviews (created_at DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX catalog.reviews_recent_idx');
  }
}

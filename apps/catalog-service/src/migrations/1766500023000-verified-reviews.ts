import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23: a review is marked "verified buyer" when its visitor had an order with the product delivered at the time
 * of writing (the order service says so; visitor ids are the client's, so anyone can write a review, not anyone can
 * have bought). Reviews written before are not verified.
 */
export class VerifiedReviews1766500023000 implements MigrationInterface {
  name = 'VerifiedReviews1766500023000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog.reviews ADD COLUMN verified_buyer boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE catalog.reviews DROP COLUMN verified_buyer');
  }
}

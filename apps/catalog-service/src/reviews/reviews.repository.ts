import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import type { ReviewInput } from '@shop/rules';

/** All SQL of reviews, and the product's rating and count they make. Queries join the current transaction. */
@Injectable()
export class ReviewsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** The visitor's review of the product, added or replacing their earlier one (which keeps a verified mark it had). */
  async upsert(productId: string, visitorId: string, review: ReviewInput, verifiedBuyer: boolean): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO catalog.reviews (product_id, visitor_id, name, rating, comment, verified_buyer)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (product_id, visitor_id)
       DO UPDATE SET name = EXCLUDED.name, rating = EXCLUDED.rating, comment = EXCLUDED.comment,
                     verified_buyer = catalog.reviews.verified_buyer OR EXCLUDED.verified_buyer, updated_at = now()`,
      [productId, visitorId, review.name, review.rating, review.comment, verifiedBuyer],
    );
  }

  /** Who wrote the review, its row locked until the transaction ends; undefined when the product has no such review. */
  async lockAuthor(reviewId: string, productId: string): Promise<{ visitor_id: string } | undefined> {
    const rows: Array<{ visitor_id: string }> = await this.tx.db().query(
      'SELECT visitor_id FROM catalog.reviews WHERE id = $1 AND product_id = $2 FOR UPDATE',
      [reviewId, productId],
    );
    return rows[0];
  }

  async delete(reviewId: string): Promise<void> {
    await this.tx.db().query('DELETE FROM catalog.reviews WHERE id = $1', [reviewId]);
  }

  /** Sets the product's rating and review count from its reviews. */
  async refreshRating(productId: string): Promise<void> {
    await this.tx.db().query(
      `UPDATE catalog.products p
          SET rating = coalesce(r.avg, 0), num_reviews = r.n
         FROM (SELECT round(avg(rating), 2) AS avg, count(*)::int AS n FROM catalog.reviews WHERE product_id = $1) r
        WHERE p.id = $1`,
      [productId],
    );
  }
}

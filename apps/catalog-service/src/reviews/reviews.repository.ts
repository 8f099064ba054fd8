import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import type { ReviewInput } from '@shop/rules';

/**
 * The one condition for "a review the public may see" (alias r for catalog.reviews). Today every review is public;
 * moderation (hidden or pending reviews, issue 26) narrows it here, and every public read of reviews uses it.
 */
export const PUBLICLY_VISIBLE_REVIEW = 'TRUE';

/** A row of the recent reviews read (the home page's reviews from shoppers). */
export interface RecentReviewRow {
  id: string;
  name: string;
  rating: number;
  comment: string;
  created_at: Date;
  verified_buyer: boolean;
  product_id: string;
  product_name: string;
}

/** Reviews below this many stars are not shown on the home page (they stay on the product's own page). */
export const RECENT_REVIEW_MIN_RATING = 3;
/** Reviews of this many stars or more come first. */
export const RECENT_REVIEW_PREFERRED_RATING = 4;

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

  /**
   * The newest public reviews of products on sale for the home page: 4 stars or more first, then 3 stars or more,
   * newest first within each; at most `limit`.
   */
  async recent(limit: number): Promise<RecentReviewRow[]> {
    const rows: Array<Omit<RecentReviewRow, 'rating'> & { rating: string }> = await this.tx.db().query(
      `SELECT r.id, r.name, r.rating, r.comment, r.created_at, r.verified_buyer, p.id AS product_id, p.name AS product_name
         FROM catalog.reviews r
         JOIN catalog.products p ON p.id = r.product_id
        WHERE (${PUBLICLY_VISIBLE_REVIEW}) AND p.deleted_at IS NULL AND r.rating >= $2 AND btrim(r.comment) <> ''
        ORDER BY (r.rating >= $3) DESC, r.created_at DESC, r.id
        LIMIT $1`,
      [limit, RECENT_REVIEW_MIN_RATING, RECENT_REVIEW_PREFERRED_RATING],
    );
    return rows.map((row) => ({ ...row, rating: Number(row.rating) }));
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

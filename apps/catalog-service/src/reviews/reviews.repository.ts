import { Injectable } from '@nestjs/common';
import { type AdminReview, type AdminReviewQuery, type ReviewSettings, ReviewStatus } from '@shop/contracts';
import { queryRows, TransactionContext } from '@shop/server-database';
import type { ReviewInput } from '@shop/rules';
import { reviewVisibleToPublic } from './review-visibility';

interface AdminReviewRow {
  id: string;
  product_id: string;
  product_name: string;
  product_deleted: boolean;
  name: string;
  rating: string;
  comment: string;
  created_at: Date;
  verified_buyer: boolean;
  status: ReviewStatus;
}

const ADMIN_COLUMNS = `r.id, r.product_id, p.name AS product_name, (p.deleted_at IS NOT NULL) AS product_deleted, r.name, r.rating,
       r.comment, r.created_at, r.verified_buyer, r.status`;

function toAdminReview(row: AdminReviewRow): AdminReview {
  return {
    _id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    productDeleted: row.product_deleted,
    name: row.name,
    rating: Number(row.rating),
    comment: row.comment,
    createdAt: new Date(row.created_at).toISOString(),
    verifiedBuyer: row.verified_buyer,
    status: row.status,
  };
}

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

  /**
   * The visitor's review of the product, added or replacing their earlier one (which keeps a verified mark it had).
   * A new review is `held` (pending) when the shop holds reviews; a rewrite of a published one is held again (its new
   * text is unchecked); a pending or hidden one stays so: the writer cannot un-hide a review by editing it.
   * Answers the state the review is in now.
   */
  async upsert(productId: string, visitorId: string, review: ReviewInput, verifiedBuyer: boolean, held: boolean): Promise<ReviewStatus> {
    const status = held ? ReviewStatus.Pending : ReviewStatus.Published;
    const [row] = await queryRows<{ status: ReviewStatus }>(
      this.tx.db(),
      `INSERT INTO catalog.reviews (product_id, visitor_id, name, rating, comment, verified_buyer, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (product_id, visitor_id)
       DO UPDATE SET name = EXCLUDED.name, rating = EXCLUDED.rating, comment = EXCLUDED.comment,
                     verified_buyer = catalog.reviews.verified_buyer OR EXCLUDED.verified_buyer,
                     status = CASE WHEN catalog.reviews.status = '${ReviewStatus.Published}' THEN EXCLUDED.status ELSE catalog.reviews.status END,
                     updated_at = now()
       RETURNING status`,
      [productId, visitorId, review.name, review.rating, review.comment, verifiedBuyer, status],
    );
    return row.status;
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
        WHERE ${reviewVisibleToPublic('r')} AND p.deleted_at IS NULL AND p.visible AND r.rating >= $2 AND btrim(r.comment) <> ''
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

  /** Sets the product's rating and review count from its reviews the public may see. */
  async refreshRating(productId: string): Promise<void> {
    await this.tx.db().query(
      `UPDATE catalog.products p
          SET rating = coalesce(r.avg, 0), num_reviews = r.n
         FROM (SELECT round(avg(rating), 2) AS avg, count(*)::int AS n
                 FROM catalog.reviews rv WHERE rv.product_id = $1 AND ${reviewVisibleToPublic('rv')}) r
        WHERE p.id = $1`,
      [productId],
    );
  }

  /** One page of every review (any state, deleted products' too), newest first, filtered, with the total. */
  async adminPage(query: AdminReviewQuery, pageSize: number): Promise<{ rows: AdminReview[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    // A star count: 1.5 is 1 star; the form's lowest choice, labelled 1, is stored as 0.
    if (query.rating !== undefined) where.push(`greatest(floor(r.rating), 1) = $${params.push(query.rating)}`);
    if (query.product !== undefined) where.push(`r.product_id = $${params.push(query.product)}`);
    if (query.status !== undefined) where.push(`r.status = $${params.push(query.status)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const limit = params.push(pageSize);
    const offset = params.push((query.page - 1) * pageSize);
    const rows = await queryRows<AdminReviewRow & { total: number }>(
      this.tx.db(),
      `SELECT ${ADMIN_COLUMNS}, count(*) OVER ()::int AS total
         FROM catalog.reviews r JOIN catalog.products p ON p.id = r.product_id
         ${filter}
        ORDER BY r.created_at DESC, r.id
        LIMIT $${limit} OFFSET $${offset}`,
      params,
    );
    const total = rows[0]?.total ?? (query.page > 1 ? await this.count(filter, params.slice(0, -2)) : 0);
    return { rows: rows.map(toAdminReview), total };
  }

  private async count(filter: string, params: unknown[]): Promise<number> {
    const [row] = await queryRows<{ n: number }>(this.tx.db(), `SELECT count(*)::int AS n FROM catalog.reviews r ${filter}`, params);
    return row.n;
  }

  /** Sets a review's state; answers it as the owner sees it, or undefined when there is no such review. */
  async setStatus(reviewId: string, status: ReviewStatus): Promise<AdminReview | undefined> {
    const [row] = await queryRows<AdminReviewRow>(
      this.tx.db(),
      `WITH changed AS (UPDATE catalog.reviews SET status = $2 WHERE id = $1 RETURNING *)
       SELECT ${ADMIN_COLUMNS} FROM changed r JOIN catalog.products p ON p.id = r.product_id`,
      [reviewId, status],
    );
    return row ? toAdminReview(row) : undefined;
  }

  /** The shop's review settings (one row, made by the migration). */
  async settings(): Promise<ReviewSettings> {
    const [row] = await queryRows<{ hold_for_approval: boolean }>(this.tx.db(), 'SELECT hold_for_approval FROM catalog.review_settings');
    return { holdForApproval: row?.hold_for_approval ?? false };
  }

  async saveSettings(settings: ReviewSettings): Promise<ReviewSettings> {
    const [row] = await queryRows<{ hold_for_approval: boolean }>(
      this.tx.db(),
      `INSERT INTO catalog.review_settings (singleton, hold_for_approval, updated_at) VALUES (true, $1, now())
       ON CONFLICT (singleton) DO UPDATE SET hold_for_approval = EXCLUDED.hold_for_approval, updated_at = now()
       RETURNING hold_for_approval`,
      [settings.holdForApproval],
    );
    return { holdForApproval: row.hold_for_approval };
  }
}

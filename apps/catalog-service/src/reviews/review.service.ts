import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  type AdminReview,
  type AdminReviewPage,
  type AdminReviewQuery,
  DomainError,
  ErrorCode,
  NotFoundError,
  Pattern,
  type Product,
  ProductIdSchema,
  type RecentReviews,
  type ReviewSettings,
  ReviewStatus,
  type ReviewWriteResult,
} from '@shop/contracts';
import type { ReviewInput } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { TransactionContext } from '@shop/server-database';
import { ProductService } from '../products/product.service';
import { ReviewsRepository } from './reviews.repository';

/** The first word of the name the reviewer gave: the home page names people by their first name only. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

@Injectable()
export class ReviewService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly tx: TransactionContext,
    private readonly products: ProductService,
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Adds the visitor's review of a product, or replaces their earlier one; keeps rating and count in step. When the
   * shop holds reviews for approval the review waits (pending); `reviewHeld` tells the writer it is not public yet.
   */
  async upsert(productId: string, visitorId: string, review: ReviewInput): Promise<ReviewWriteResult> {
    const product = await this.products.get(productId);
    const verifiedBuyer = await this.deliveredTo(visitorId, product._id);
    const status = await this.tx.run(async () => {
      const { holdForApproval } = await this.reviews.settings();
      const written = await this.reviews.upsert(productId, visitorId, review, verifiedBuyer, holdForApproval);
      await this.reviews.refreshRating(productId);
      return written;
    });
    return { ...(await this.products.get(productId, visitorId)), reviewHeld: status !== ReviewStatus.Published };
  }

  /** The moderation screen: every review in any state, newest first, one page. */
  async adminPage(query: AdminReviewQuery): Promise<AdminReviewPage> {
    const { rows, total } = await this.reviews.adminPage(query, ADMIN_REVIEW_PAGE_SIZE);
    return { reviews: rows, page: query.page, pages: Math.ceil(total / ADMIN_REVIEW_PAGE_SIZE), total };
  }

  /** The owner publishes (approves, restores) or hides a review; the product's rating and count follow at once. */
  async moderate(reviewId: string, status: typeof ReviewStatus.Published | typeof ReviewStatus.Hidden): Promise<AdminReview> {
    if (!ProductIdSchema.safeParse(reviewId).success) throw new NotFoundError('Review not found');
    return this.tx.run(async () => {
      const review = await this.reviews.setStatus(reviewId, status);
      if (!review) throw new NotFoundError('Review not found');
      await this.reviews.refreshRating(review.productId);
      return review;
    });
  }

  settings(): Promise<ReviewSettings> {
    return this.reviews.settings();
  }

  saveSettings(settings: ReviewSettings): Promise<ReviewSettings> {
    return this.reviews.saveSettings(settings);
  }

  /**
   * Whether the order service knows a delivered order of the product for this visitor. When it cannot answer, the
   * review is written without the mark (a review must not wait on orders); writing it again later checks again.
   */
  private async deliveredTo(visitorId: string, productId: string): Promise<boolean> {
    try {
      return (await this.services.send(Pattern.OrdersDeliveredTo, { visitorId, productId })).delivered;
    } catch (err) {
      this.logger.warn({ err, productId }, 'could not ask the order service whether the reviewer bought the product; the review is not marked verified');
      return false;
    }
  }

  /** The home page's reviews from shoppers: recent, well rated, each with its product; first names only. */
  async recent(limit: number): Promise<RecentReviews> {
    const rows = await this.reviews.recent(limit);
    return {
      reviews: rows.map((row) => ({
        _id: row.id,
        firstName: firstNameOf(row.name),
        rating: row.rating,
        comment: row.comment,
        createdAt: row.created_at.toISOString(),
        verifiedBuyer: row.verified_buyer,
        product: { _id: row.product_id, name: row.product_name },
      })),
    };
  }

  /** Deletes a review: only the visitor who wrote it, or an admin. */
  async remove(productId: string, reviewId: string, visitorId: string | undefined, isAdmin: boolean): Promise<Product> {
    await this.products.get(productId);
    if (!ProductIdSchema.safeParse(reviewId).success) throw new NotFoundError('Review not found');
    await this.tx.run(async () => {
      const review = await this.reviews.lockAuthor(reviewId, productId);
      if (!review) throw new NotFoundError('Review not found');
      if (!isAdmin && (!visitorId || review.visitor_id !== visitorId)) {
        throw new DomainError(ErrorCode.Forbidden, 'You can only delete your own review');
      }
      await this.reviews.delete(reviewId);
      await this.reviews.refreshRating(productId);
    });
    return this.products.get(productId, visitorId);
  }
}

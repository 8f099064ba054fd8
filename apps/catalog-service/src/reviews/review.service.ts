import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, NotFoundError, type Product, ProductIdSchema } from '@shop/contracts';
import type { ReviewInput } from '@shop/rules';
import { TransactionContext } from '@shop/server-database';
import { ProductService } from '../products/product.service';
import { ReviewsRepository } from './reviews.repository';

@Injectable()
export class ReviewService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly tx: TransactionContext,
    private readonly products: ProductService,
  ) {}

  /** Adds the visitor's review of a product, or replaces their earlier one; keeps rating and count in step. */
  async upsert(productId: string, visitorId: string, review: ReviewInput): Promise<Product> {
    await this.products.get(productId);
    await this.tx.run(async () => {
      await this.reviews.upsert(productId, visitorId, review);
      await this.reviews.refreshRating(productId);
    });
    return this.products.get(productId, visitorId);
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

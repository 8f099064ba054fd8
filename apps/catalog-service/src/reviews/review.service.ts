import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, ErrorCode, NotFoundError, type Product, ProductIdSchema, validate } from '@shop/contracts';
import { ReviewInputSchema, VisitorIdSchema } from '@shop/rules';
import type { DataSource, EntityManager } from 'typeorm';
import { ProductService } from '../products/product.service';

@Injectable()
export class ReviewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly products: ProductService,
  ) {}

  /** Adds the visitor's review of a product, or replaces their earlier one; keeps rating and count in step. */
  async upsert(productId: string, rawVisitorId: unknown, raw: unknown): Promise<Product> {
    const visitorId = validate(VisitorIdSchema, rawVisitorId);
    const review = validate(ReviewInputSchema, raw);
    await this.products.get(productId);
    await this.dataSource.transaction(async (em) => {
      await em.query(
        `INSERT INTO catalog.reviews (product_id, visitor_id, name, rating, comment)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (product_id, visitor_id)
         DO UPDATE SET name = EXCLUDED.name, rating = EXCLUDED.rating, comment = EXCLUDED.comment, updated_at = now()`,
        [productId, visitorId, review.name, review.rating, review.comment],
      );
      await refreshRating(em, productId);
    });
    return this.products.get(productId, visitorId);
  }

  /** Deletes a review: only the visitor who wrote it, or an admin. */
  async remove(productId: string, reviewId: string, visitorId: string | undefined, isAdmin: boolean): Promise<Product> {
    await this.products.get(productId);
    if (!ProductIdSchema.safeParse(reviewId).success) throw new NotFoundError('Review not found');
    await this.dataSource.transaction(async (em) => {
      const rows: Array<{ visitor_id: string }> = await em.query(
        'SELECT visitor_id FROM catalog.reviews WHERE id = $1 AND product_id = $2 FOR UPDATE',
        [reviewId, productId],
      );
      if (rows.length === 0) throw new NotFoundError('Review not found');
      if (!isAdmin && (!visitorId || rows[0].visitor_id !== visitorId)) {
        throw new DomainError(ErrorCode.Forbidden, 'You can only delete your own review');
      }
      await em.query('DELETE FROM catalog.reviews WHERE id = $1', [reviewId]);
      await refreshRating(em, productId);
    });
    return this.products.get(productId, visitorId);
  }
}

async function refreshRating(em: EntityManager, productId: string): Promise<void> {
  await em.query(
    `UPDATE catalog.products p
        SET rating = coalesce(r.avg, 0), num_reviews = r.n
       FROM (SELECT round(avg(rating), 2) AS avg, count(*)::int AS n FROM catalog.reviews WHERE product_id = $1) r
      WHERE p.id = $1`,
    [productId],
  );
}

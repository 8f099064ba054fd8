import type { Product } from '@shop/contracts';
import type { ReviewInput } from '@shop/rules';
import { sendJson, visitorHeaders } from './api-client';

/** Writes or replaces the visitor's review of a product (`PUT /api/products/review/{productId}`); answers the product. */
export function putReview(
  productId: string,
  review: Pick<ReviewInput, 'name' | 'rating' | 'comment'>,
  visitorId: string,
): Promise<Product> {
  return sendJson<Product>('put', `products/review/${encodeURIComponent(productId)}`, {
    json: review,
    headers: visitorHeaders(visitorId),
  });
}

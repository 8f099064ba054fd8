import type { ReviewWriteResult } from '@shop/contracts';
import type { ReviewInput } from '@shop/rules';
import { sendJson, visitorHeaders } from './api-client';

/**
 * Writes or replaces the visitor's review of a product (`PUT /api/products/review/{productId}`); answers the product,
 * and `reviewHeld` when the review waits for the shop's approval.
 */
export function putReview(
  productId: string,
  review: Pick<ReviewInput, 'name' | 'rating' | 'comment'>,
  visitorId: string,
): Promise<ReviewWriteResult> {
  return sendJson<ReviewWriteResult>('put', `products/review/${encodeURIComponent(productId)}`, {
    json: review,
    headers: visitorHeaders(visitorId),
  });
}

import type { Product } from '@shop/contracts';
import { sendJson, visitorHeaders } from './api-client';

/** Deletes one of the visitor's own reviews (`DELETE /api/products/review/{productId}/{reviewId}`); answers the product. */
export function deleteReview(productId: string, reviewId: string, visitorId: string): Promise<Product> {
  return sendJson<Product>('delete', `products/review/${encodeURIComponent(productId)}/${encodeURIComponent(reviewId)}`, {
    headers: visitorHeaders(visitorId),
  });
}

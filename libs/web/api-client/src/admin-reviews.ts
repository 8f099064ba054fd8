import type { AdminReview, AdminReviewPage, ModerateReviewInput, Product, ReviewSettings } from '@shop/contracts';
import { getJson, sendJson } from './api-client';

export interface AdminGetReviewsOptions {
  signal?: AbortSignal;
  page?: number;
  /** Stars, 1 to 5. */
  rating?: number;
  /** A product id. */
  product?: string;
  status?: AdminReview['status'];
}

/** Every review in any state, newest first, one page, filtered (`GET /api/reviews`, admin). */
export function adminGetReviews(options: AdminGetReviewsOptions = {}): Promise<AdminReviewPage> {
  const searchParams: Record<string, string> = {};
  if (options.page && options.page > 1) searchParams.page = String(options.page);
  if (options.rating) searchParams.rating = String(options.rating);
  if (options.product) searchParams.product = options.product;
  if (options.status) searchParams.status = options.status;
  return getJson<AdminReviewPage>('reviews', { signal: options.signal, searchParams: Object.keys(searchParams).length ? searchParams : undefined });
}

/** Hides, restores or approves a review (`PATCH /api/reviews/{id}`, admin). */
export function adminModerateReview(id: string, input: ModerateReviewInput): Promise<AdminReview> {
  return sendJson<AdminReview>('patch', `reviews/${encodeURIComponent(id)}`, { json: input });
}

/** Deletes a review for good (`DELETE /api/products/review/{productId}/{id}` with the admin's session). */
export function adminDeleteReview(productId: string, id: string): Promise<Product> {
  return sendJson<Product>('delete', `products/review/${encodeURIComponent(productId)}/${encodeURIComponent(id)}`);
}

/** Whether new reviews wait for approval (`GET /api/reviews/settings`, admin). */
export function adminGetReviewSettings(options: { signal?: AbortSignal } = {}): Promise<ReviewSettings> {
  return getJson<ReviewSettings>('reviews/settings', { signal: options.signal });
}

/** Holds new reviews for approval, or publishes them at once (`PUT /api/reviews/settings`, admin). */
export function adminSaveReviewSettings(settings: ReviewSettings): Promise<ReviewSettings> {
  return sendJson<ReviewSettings>('put', 'reviews/settings', { json: settings });
}

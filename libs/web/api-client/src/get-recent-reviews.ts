import type { RecentReviews } from '@shop/contracts';
import { getJson } from './api-client';

/** Recent well-rated reviews with their products, for the home page (`GET /api/reviews/recent`). */
export function getRecentReviews(options: { limit?: number; signal?: AbortSignal } = {}): Promise<RecentReviews> {
  const searchParams = options.limit === undefined ? undefined : { limit: String(options.limit) };
  return getJson<RecentReviews>('reviews/recent', { signal: options.signal, searchParams });
}

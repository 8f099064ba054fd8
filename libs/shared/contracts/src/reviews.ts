import { z } from 'zod';

/** How many recent reviews the home page shows, and the most one request may ask for. */
export const RECENT_REVIEWS_DEFAULT = 6;
export const RECENT_REVIEWS_MAX = 12;

/** `catalog.reviews.recent`: how many (1 to 12, default 6). */
export const RecentReviewsRequestSchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 12' })
    .int('limit must be a whole number from 1 to 12')
    .min(1, 'limit must be a whole number from 1 to 12')
    .max(RECENT_REVIEWS_MAX, 'limit must be a whole number from 1 to 12')
    .default(RECENT_REVIEWS_DEFAULT),
});
export type RecentReviewsRequest = z.input<typeof RecentReviewsRequestSchema>;

/**
 * A review for the home page (issue 25): the reviewer's first name only, and the product it is about (name and id
 * for the link). Never the visitor id.
 */
export const RecentReviewSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  verifiedBuyer: z.boolean(),
  product: z.object({ _id: z.string(), name: z.string() }),
});
export type RecentReview = z.infer<typeof RecentReviewSchema>;

/**
 * The answer: `{ reviews }`, best first (4 stars or more before the rest, newest first within each). An object rather
 * than a list, so the gateway's cache does not take the products' ids in it for the products the answer shows: any
 * review anywhere may change it.
 */
export const RecentReviewsSchema = z.object({ reviews: z.array(RecentReviewSchema) });
export type RecentReviews = z.infer<typeof RecentReviewsSchema>;

import { z } from 'zod';
import { ProductSchema } from './product';
import { pageCounts } from './wire';

/**
 * Where a review stands (issue 26): `published` is the only state the public sees (product page, rating, count,
 * JSON-LD, lists); `pending` waits for the owner's approval (the shop holds new reviews); `hidden` was taken down by
 * the owner, who can restore it.
 */
export const ReviewStatus = { Published: 'published', Pending: 'pending', Hidden: 'hidden' } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];
const REVIEW_STATUSES = [ReviewStatus.Published, ReviewStatus.Pending, ReviewStatus.Hidden] as const;

/** A review as the owner sees it on the moderation screen (never public: the writer's visitor id stays out). */
export const AdminReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** The product was deleted (its reviews stay for the record). */
  productDeleted: z.boolean(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  verifiedBuyer: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewPageSchema = z.object({ reviews: z.array(AdminReviewSchema), ...pageCounts });
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>;

/** Reviews per page on the moderation screen. */
export const ADMIN_REVIEW_PAGE_SIZE = 20;

/**
 * The moderation list's filters (`GET /api/reviews`): `rating` is a star count 1 to 5 (a review of 1.5 counts as 1;
 * the form's lowest choice, 1, is stored as 0 and counts as 1), `product` a product id, `status` a state.
 */
export const AdminReviewQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(10_000).default(1),
  rating: z.coerce.number({ error: 'rating must be 1, 2, 3, 4 or 5' }).int('rating must be 1, 2, 3, 4 or 5').min(1, 'rating must be 1, 2, 3, 4 or 5').max(5, 'rating must be 1, 2, 3, 4 or 5').optional(),
  product: z.uuid({ error: 'product must be a product id' }).optional(),
  status: z.enum(REVIEW_STATUSES, { error: "status must be 'published', 'pending' or 'hidden'" }).optional(),
});
export type AdminReviewQuery = z.output<typeof AdminReviewQuerySchema>;

/** `catalog.reviews.admin-list` */
export const ListAdminReviewsRequestSchema = z.object({ query: AdminReviewQuerySchema });
export type ListAdminReviewsRequest = z.input<typeof ListAdminReviewsRequestSchema>;

/** `PATCH /api/reviews/{id}`: hide, restore or approve (approve and restore both publish). */
export const ModerateReviewInputSchema = z.object({
  status: z.enum([ReviewStatus.Published, ReviewStatus.Hidden], { error: "status must be 'published' or 'hidden'" }),
});
export type ModerateReviewInput = z.infer<typeof ModerateReviewInputSchema>;

/** `catalog.reviews.moderate`: the owner's decision on one review (a malformed id is the same 404 as an unknown one). */
export const ModerateReviewRequestSchema = z.object({ reviewId: z.string(), status: ModerateReviewInputSchema.shape.status });
export type ModerateReviewRequest = z.input<typeof ModerateReviewRequestSchema>;

/** The shop's review settings (stored in the catalog): hold new reviews for the owner's approval. Off by default. */
export const ReviewSettingsSchema = z.object({ holdForApproval: z.boolean({ error: 'holdForApproval must be true or false' }) });
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

/** `catalog.reviews.settings.update` */
export const UpdateReviewSettingsRequestSchema = z.object({ settings: ReviewSettingsSchema });
export type UpdateReviewSettingsRequest = z.input<typeof UpdateReviewSettingsRequestSchema>;

/**
 * The answer to a shopper's review (`PUT /api/products/review/{id}`): the product as the public sees it, and
 * `reviewHeld` when the review just written is not public yet (the shop holds reviews for approval, or the owner
 * hid it): the shopper is told it will appear once the shop has checked it.
 */
export const ReviewWriteResultSchema = ProductSchema.extend({ reviewHeld: z.boolean() });
export type ReviewWriteResult = z.infer<typeof ReviewWriteResultSchema>;

import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type AdminReview, type AdminReviewPage, Pattern, type PatternRequest, type Product, type RecentReviews, type ReviewSettings, type ReviewWriteResult } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { ReviewService } from './review.service';

@Controller()
export class ReviewsMessagesController {
  constructor(private readonly reviews: ReviewService) {}

  @Handles(Pattern.ReviewsUpsert)
  upsert(@Payload() payload: PatternRequest<typeof Pattern.ReviewsUpsert>): Promise<ReviewWriteResult> {
    return this.reviews.upsert(payload.productId, payload.visitorId, payload.review);
  }

  @Handles(Pattern.ReviewsRecent)
  recent(@Payload() payload: PatternRequest<typeof Pattern.ReviewsRecent>): Promise<RecentReviews> {
    return this.reviews.recent(payload.limit);
  }

  @Handles(Pattern.ReviewsDelete)
  remove(@Payload() payload: PatternRequest<typeof Pattern.ReviewsDelete>): Promise<Product> {
    return this.reviews.remove(payload.productId, payload.reviewId, payload.visitorId, payload.isAdmin);
  }

  @Handles(Pattern.ReviewsAdminList)
  adminList(@Payload() payload: PatternRequest<typeof Pattern.ReviewsAdminList>): Promise<AdminReviewPage> {
    return this.reviews.adminPage(payload.query);
  }

  @Handles(Pattern.ReviewsModerate)
  moderate(@Payload() payload: PatternRequest<typeof Pattern.ReviewsModerate>): Promise<AdminReview> {
    return this.reviews.moderate(payload.reviewId, payload.status);
  }

  @Handles(Pattern.ReviewSettingsGet)
  settings(): Promise<ReviewSettings> {
    return this.reviews.settings();
  }

  @Handles(Pattern.ReviewSettingsUpdate)
  saveSettings(@Payload() payload: PatternRequest<typeof Pattern.ReviewSettingsUpdate>): Promise<ReviewSettings> {
    return this.reviews.saveSettings(payload.settings);
  }
}

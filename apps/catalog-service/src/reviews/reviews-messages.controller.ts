import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, type Product, type RecentReviews } from '@shop/contracts';
import { Handles } from '@shop/server-core';
import { ReviewService } from './review.service';

@Controller()
export class ReviewsMessagesController {
  constructor(private readonly reviews: ReviewService) {}

  @Handles(Pattern.ReviewsUpsert)
  upsert(@Payload() payload: PatternRequest<typeof Pattern.ReviewsUpsert>): Promise<Product> {
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
}

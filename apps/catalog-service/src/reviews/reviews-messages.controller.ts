import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type MessageMap, Pattern, type Product } from '@shop/contracts';
import { ReviewService } from './review.service';

type Req<P extends keyof MessageMap> = MessageMap[P]['request'];

@Controller()
export class ReviewsMessagesController {
  constructor(private readonly reviews: ReviewService) {}

  @MessagePattern(Pattern.ReviewsUpsert)
  upsert(@Payload() payload: Req<typeof Pattern.ReviewsUpsert>): Promise<Product> {
    return this.reviews.upsert(String(payload?.productId ?? ''), payload?.visitorId, payload?.review);
  }

  @MessagePattern(Pattern.ReviewsDelete)
  remove(@Payload() payload: Req<typeof Pattern.ReviewsDelete>): Promise<Product> {
    return this.reviews.remove(
      String(payload?.productId ?? ''),
      String(payload?.reviewId ?? ''),
      typeof payload?.visitorId === 'string' ? payload.visitorId : undefined,
      payload?.isAdmin === true,
    );
  }
}

import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type BannerDiscount, type DiscountCode, type DiscountCodeDetail, Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { DiscountsService } from './discounts.service';

/** Discount codes over NATS: the owner's list and forms, and the code the home banner names. */
@Controller()
export class DiscountsMessagesController {
  constructor(private readonly discounts: DiscountsService) {}

  @Handles(Pattern.DiscountsList)
  list(@Payload() payload: PatternRequest<typeof Pattern.DiscountsList>): Promise<DiscountCode[]> {
    return this.discounts.list(payload);
  }

  @Handles(Pattern.DiscountsArchive)
  archive(@Payload() payload: PatternRequest<typeof Pattern.DiscountsArchive>): Promise<DiscountCode> {
    return this.discounts.archive(payload);
  }

  @Handles(Pattern.DiscountsGet)
  get(@Payload() payload: PatternRequest<typeof Pattern.DiscountsGet>): Promise<DiscountCodeDetail> {
    return this.discounts.get(payload);
  }

  @Handles(Pattern.DiscountsCreate)
  create(@Payload() payload: PatternRequest<typeof Pattern.DiscountsCreate>): Promise<DiscountCode> {
    return this.discounts.create(payload);
  }

  @Handles(Pattern.DiscountsUpdate)
  update(@Payload() payload: PatternRequest<typeof Pattern.DiscountsUpdate>): Promise<DiscountCode> {
    return this.discounts.update(payload);
  }

  @Handles(Pattern.DiscountsBanner)
  banner(): Promise<BannerDiscount> {
    return this.discounts.banner();
  }
}

import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Order, Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { CardSettlement } from './card-settlement.service';

/** The owner's side of card payments whose redirect never came back (issue 29), over NATS. */
@Controller()
export class CardSettlementMessagesController {
  constructor(private readonly settlement: CardSettlement) {}

  @Handles(Pattern.OrdersRecordCardPayment)
  record(@Payload() payload: PatternRequest<typeof Pattern.OrdersRecordCardPayment>): Promise<Order> {
    return this.settlement.record(payload);
  }

  @Handles(Pattern.OrdersExpiredCard)
  expiredCard(@Payload() payload: PatternRequest<typeof Pattern.OrdersExpiredCard>): Promise<Order[]> {
    return this.settlement.expiredCard(payload);
  }
}

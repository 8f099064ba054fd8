import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Order, Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { LatePayments } from './late-payments.service';
import { OrderService } from './order.service';

/** The owner's moves of issue 23 over NATS: confirming an in-person order (its hold ends), fulfilling a paid order after a restock. */
@Controller()
export class OrderHoldsMessagesController {
  constructor(
    private readonly orders: OrderService,
    private readonly late: LatePayments,
  ) {}

  @Handles(Pattern.OrdersConfirm)
  confirm(@Payload() payload: PatternRequest<typeof Pattern.OrdersConfirm>): Promise<Order> {
    return this.orders.confirm(payload);
  }

  @Handles(Pattern.OrdersFulfil)
  fulfil(@Payload() payload: PatternRequest<typeof Pattern.OrdersFulfil>): Promise<Order> {
    return this.late.fulfil(payload);
  }
}

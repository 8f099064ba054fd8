import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Order, type OrderCodeCheckResponse, Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { OrderLookupService } from './order-lookup.service';

/** "Find my orders" over NATS (issue 29): only the gateway sends these. */
@Controller()
export class OrderLookupMessagesController {
  constructor(private readonly lookup: OrderLookupService) {}

  @Handles(Pattern.OrdersLookupRequest)
  request(@Payload() payload: PatternRequest<typeof Pattern.OrdersLookupRequest>): Promise<Record<string, never>> {
    return this.lookup.request(payload);
  }

  @Handles(Pattern.OrdersLookupCheck)
  check(@Payload() payload: PatternRequest<typeof Pattern.OrdersLookupCheck>): Promise<OrderCodeCheckResponse> {
    return this.lookup.check(payload);
  }

  @Handles(Pattern.OrdersLookupOrders)
  orders(@Payload() payload: PatternRequest<typeof Pattern.OrdersLookupOrders>): Promise<Order[]> {
    return this.lookup.orders(payload);
  }
}

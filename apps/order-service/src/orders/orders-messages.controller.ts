import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Order, type OrderPage, type OrderQuote, type OrderStats, type OrderStockResponse, Pattern, type PayOrderResponse } from '@shop/contracts';
import { OrderPaymentService } from './order-payment.service';
import { OrderStatsService } from './order-stats.service';
import { OrderService } from './order.service';

/** Orders over NATS; each payload is validated by the service that handles it. */
@Controller()
export class OrdersMessagesController {
  constructor(
    private readonly orders: OrderService,
    private readonly payments: OrderPaymentService,
    private readonly statsService: OrderStatsService,
  ) {}

  @MessagePattern(Pattern.OrdersCreate)
  create(@Payload() payload: unknown): Promise<Order> {
    return this.orders.create(payload);
  }

  @MessagePattern(Pattern.OrdersQuote)
  quote(@Payload() payload: unknown): Promise<OrderQuote> {
    return this.orders.quote(payload);
  }

  @MessagePattern(Pattern.OrdersGet)
  get(@Payload() payload: unknown): Promise<Order> {
    return this.orders.get(payload);
  }

  @MessagePattern(Pattern.OrdersTracking)
  tracking(@Payload() payload: unknown): Promise<Order[]> {
    return this.orders.tracking(payload);
  }

  @MessagePattern(Pattern.OrdersList)
  list(@Payload() payload: unknown): Promise<OrderPage> {
    return this.orders.list(payload);
  }

  @MessagePattern(Pattern.OrdersUpdateStatus)
  updateStatus(@Payload() payload: unknown): Promise<Order> {
    return this.orders.updateStatus(payload);
  }

  @MessagePattern(Pattern.OrdersDelete)
  remove(@Payload() payload: unknown): Promise<{ message: string }> {
    return this.orders.remove(payload);
  }

  @MessagePattern(Pattern.OrdersStats)
  stats(@Payload() payload: unknown): Promise<OrderStats> {
    return this.statsService.stats(payload);
  }

  @MessagePattern(Pattern.OrdersPay)
  pay(@Payload() payload: unknown): Promise<PayOrderResponse> {
    return this.payments.pay(payload);
  }

  @MessagePattern(Pattern.OrdersPaymentResult)
  paymentResult(@Payload() payload: unknown): Promise<Order> {
    return this.payments.paymentResult(payload);
  }

  @MessagePattern(Pattern.OrdersConfirmInPerson)
  confirmInPerson(@Payload() payload: unknown): Promise<Order> {
    return this.payments.confirmInPerson(payload);
  }

  @MessagePattern(Pattern.OrdersCommitStock)
  commitStock(@Payload() payload: unknown): Promise<OrderStockResponse> {
    return this.payments.commitStock(payload);
  }
}

import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type DeliveredToResponse, type Order, type OrderNumbersResponse, type OrderPage, type OrderQuote, type OrderStats, type OrderStockResponse, Pattern, type PatternRequest, type PayOrderResponse, type SettleReservationsResponse } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { OrderPaymentService } from './order-payment.service';
import { OrderStatsService } from './order-stats.service';
import { OrderService } from './order.service';

/** Orders over NATS; each payload is checked against its contract where it arrives (@Handles) and reaches the services typed. */
@Controller()
export class OrdersMessagesController {
  constructor(
    private readonly orders: OrderService,
    private readonly payments: OrderPaymentService,
    private readonly statsService: OrderStatsService,
  ) {}

  @Handles(Pattern.OrdersSettleReservations)
  settleReservations(@Payload() payload: PatternRequest<typeof Pattern.OrdersSettleReservations>): Promise<SettleReservationsResponse> {
    return this.orders.settleReservations(payload);
  }

  @Handles(Pattern.OrdersDeliveredTo)
  deliveredTo(@Payload() payload: PatternRequest<typeof Pattern.OrdersDeliveredTo>): Promise<DeliveredToResponse> {
    return this.orders.deliveredTo(payload);
  }

  @Handles(Pattern.OrdersNumbers)
  numbers(@Payload() payload: PatternRequest<typeof Pattern.OrdersNumbers>): Promise<OrderNumbersResponse> {
    return this.orders.numbers(payload.ids);
  }

  @Handles(Pattern.OrdersCreate)
  create(@Payload() payload: PatternRequest<typeof Pattern.OrdersCreate>): Promise<Order> {
    return this.orders.create(payload);
  }

  @Handles(Pattern.OrdersQuote)
  quote(@Payload() payload: PatternRequest<typeof Pattern.OrdersQuote>): Promise<OrderQuote> {
    return this.orders.quote(payload);
  }

  @Handles(Pattern.OrdersGet)
  get(@Payload() payload: PatternRequest<typeof Pattern.OrdersGet>): Promise<Order> {
    return this.orders.get(payload);
  }

  @Handles(Pattern.OrdersTracking)
  tracking(@Payload() payload: PatternRequest<typeof Pattern.OrdersTracking>): Promise<Order[]> {
    return this.orders.tracking(payload);
  }

  @Handles(Pattern.OrdersList)
  list(@Payload() payload: PatternRequest<typeof Pattern.OrdersList>): Promise<OrderPage> {
    return this.orders.list(payload);
  }

  @Handles(Pattern.OrdersUpdateStatus)
  updateStatus(@Payload() payload: PatternRequest<typeof Pattern.OrdersUpdateStatus>): Promise<Order> {
    return this.orders.updateStatus(payload);
  }

  @Handles(Pattern.OrdersCancel)
  cancel(@Payload() payload: PatternRequest<typeof Pattern.OrdersCancel>): Promise<Order> {
    return this.orders.cancel(payload);
  }

  @Handles(Pattern.OrdersRecordRefund)
  recordRefund(@Payload() payload: PatternRequest<typeof Pattern.OrdersRecordRefund>): Promise<Order> {
    return this.orders.recordRefund(payload);
  }

  @Handles(Pattern.OrdersDelete)
  remove(@Payload() payload: PatternRequest<typeof Pattern.OrdersDelete>): Promise<{ message: string; transferProofKeys?: string[] }> {
    return this.orders.remove(payload);
  }

  @Handles(Pattern.OrdersArchive)
  archive(@Payload() payload: PatternRequest<typeof Pattern.OrdersArchive>): Promise<Order> {
    return this.orders.archive(payload);
  }

  @Handles(Pattern.OrdersStats)
  stats(@Payload() payload: PatternRequest<typeof Pattern.OrdersStats>): Promise<OrderStats> {
    return this.statsService.stats(payload);
  }

  @Handles(Pattern.OrdersPay)
  pay(@Payload() payload: PatternRequest<typeof Pattern.OrdersPay>): Promise<PayOrderResponse> {
    return this.payments.pay(payload);
  }

  @Handles(Pattern.OrdersPaymentResult)
  paymentResult(@Payload() payload: PatternRequest<typeof Pattern.OrdersPaymentResult>): Promise<Order> {
    return this.payments.paymentResult(payload);
  }

  @Handles(Pattern.OrdersConfirmInPerson)
  confirmInPerson(@Payload() payload: PatternRequest<typeof Pattern.OrdersConfirmInPerson>): Promise<Order> {
    return this.payments.confirmInPerson(payload);
  }

  @Handles(Pattern.OrdersCommitStock)
  commitStock(@Payload() payload: PatternRequest<typeof Pattern.OrdersCommitStock>): Promise<OrderStockResponse> {
    return this.payments.commitStock(payload);
  }
}

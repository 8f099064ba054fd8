import { Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type CardPaymentBody, CardPaymentBodySchema, type Order, Pattern } from '@shop/contracts';
import { toCents } from '@shop/money';
import { ServiceClient } from '@shop/server-messaging';
import { AdminOnly } from '../auth/admin-only.decorator';
import { errorSchema } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { ZodBody } from '../http/zod-body.decorator';
import { orderSchema } from './order-http';

/**
 * Issue 29, card payments whose redirect never came back: the owner records a payment WiPay's dashboard shows, and
 * lists the card orders that expired lately to check against it. Registered before OrdersController, whose
 * `GET /api/orders/{id}` would otherwise take `expired-card` for an order id.
 */
@AdminOnly()
@ServiceController('orders', 'orders', 'several')
export class CardPaymentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('expired-card')
  @ApiOperation({ summary: 'Card orders that expired unpaid within the last 7 days, latest first, to reconcile against WiPay\'s dashboard (admin)' })
  @ApiOkResponse({ schema: { type: 'array', items: orderSchema } })
  expiredCard(): Promise<Order[]> {
    return this.services.send(Pattern.OrdersExpiredCard, { days: 7 });
  }

  @Post(':id/card-payment')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record a card payment WiPay took for an unpaid card order whose redirect never came: its transaction id, amount and date (admin)',
    description:
      "The same checks as a redirect: the amount must be what WiPay charges for the order's total, and a transaction id is recorded once. " +
      "An expired order takes its stock again, or is 'paid, out of stock' when it was sold meanwhile. Recorded on the order's timeline.",
  })
  @ApiOkResponse({ schema: orderSchema })
  @ApiBadRequestResponse({ description: "A field is not valid, or the amount does not match the order's total (names the total)", schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  @ApiConflictResponse({ description: 'The transaction id is already recorded, or the order is paid, paid in person or cancelled', schema: errorSchema })
  record(@Param('id') id: string, @ZodBody(CardPaymentBodySchema) { transactionId, amount, date, note }: CardPaymentBody): Promise<Order> {
    return this.services.send(Pattern.OrdersRecordCardPayment, { id, transactionId, amountCents: toCents(amount), date, note });
  }
}

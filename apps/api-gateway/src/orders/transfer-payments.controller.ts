import { HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type Order, Pattern, type TransferPaymentBody, TransferPaymentBodySchema } from '@shop/contracts';
import { toCents } from '@shop/money';
import { ServiceClient } from '@shop/server-messaging';
import { AdminOnly } from '../auth/admin-only.decorator';
import { errorSchema } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { ZodBody } from '../http/zod-body.decorator';
import { orderSchema } from './order-http';

/** Issue 29: the owner marks a bank-transfer order paid with what the shop's bank shows. */
@AdminOnly()
@ServiceController('orders', 'orders', 'several')
export class TransferPaymentsController {
  constructor(private readonly services: ServiceClient) {}

  @Post(':id/transfer-payment')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mark a bank-transfer order paid: the amount received, the date and the bank reference (admin)',
    description:
      "Recorded on the order's timeline; its held stock becomes a sale. An amount that is not the order's total is still recorded, " +
      "and the order is flagged for the owner ('Partial transfer: ... short', 'Transfer over the total by ...').",
  })
  @ApiOkResponse({ schema: orderSchema })
  @ApiBadRequestResponse({ description: 'A field is not valid', schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  @ApiConflictResponse({ description: 'The order is not a bank-transfer order waiting for its transfer (paid, expired, cancelled, card or in person)', schema: errorSchema })
  record(@Param('id') id: string, @ZodBody(TransferPaymentBodySchema) { amount, date, reference, note }: TransferPaymentBody): Promise<Order> {
    return this.services.send(Pattern.OrdersRecordTransfer, { id, amountCents: toCents(amount), date, reference, note });
  }
}

import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Order,
  OrderSchema,
  PAYMENT_REDIRECT_KEYS,
  type PaymentRedirectParams,
  PaymentRedirectParamsSchema,
  Pattern,
  PayOrderRequestSchema,
  type PayOrderResponse,
  validate,
} from '@shop/contracts';
import { ServiceClient } from '@shop/server-core';
import { z } from 'zod';
import { errorSchema, schemaOf } from '../http/openapi';
import { RequestId } from '../http/request-id.decorator';

const PAYMENT_TIMEOUT_MS = 15_000;

/** The redirect's parameters as the storefront passes them on: strings only, each bounded; unknown keys dropped. */
function redirectParams(body: unknown): PaymentRedirectParams {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const params: PaymentRedirectParams = {};
  for (const key of PAYMENT_REDIRECT_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.length <= 1000) params[key] = value;
  }
  return params;
}

@ApiTags('payments')
@Controller('orders')
export class PaymentsController {
  constructor(private readonly services: ServiceClient) {}

  @Post('pay')
  @HttpCode(200)
  @ApiOperation({ summary: "A hosted payment page for an unpaid card order, for the server's total; the browser is sent to url" })
  @ApiBody({ schema: schemaOf(PayOrderRequestSchema) })
  @ApiOkResponse({ schema: schemaOf(z.object({ url: z.string() })) })
  @ApiNotFoundResponse({ schema: errorSchema })
  @ApiConflictResponse({ description: 'Paid, paid in person, or no longer payable', schema: errorSchema })
  pay(@Body() body: unknown, @RequestId() requestId?: string): Promise<PayOrderResponse> {
    const { orderId } = validate(PayOrderRequestSchema, body);
    return this.services.send(Pattern.OrdersPay, { orderId }, { requestId, timeoutMs: PAYMENT_TIMEOUT_MS });
  }

  @Put('payment/:id')
  @ApiOperation({
    summary: 'The payment provider\'s redirect parameters, untouched (status, order_id, transaction_id, total, hash...); verified before anything changes',
  })
  @ApiBody({ schema: schemaOf(PaymentRedirectParamsSchema) })
  @ApiOkResponse({ schema: schemaOf(OrderSchema) })
  @ApiBadRequestResponse({ description: 'Payment could not be verified', schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  paymentResult(@Param('id') id: string, @Body() body: unknown, @RequestId() requestId?: string): Promise<Order> {
    return this.services.send(Pattern.OrdersPaymentResult, { id, params: redirectParams(body) }, { requestId, timeoutMs: PAYMENT_TIMEOUT_MS });
  }

  @Put('paymentInPerson/:id')
  @ApiOperation({ summary: 'The in-person confirmation page: idempotent, never marks the order paid (the owner does on delivery)' })
  @ApiOkResponse({ schema: schemaOf(OrderSchema) })
  @ApiNotFoundResponse({ schema: errorSchema })
  @ApiConflictResponse({ description: 'Not an in-person order', schema: errorSchema })
  confirmInPerson(@Param('id') id: string, @RequestId() requestId?: string): Promise<Order> {
    return this.services.send(Pattern.OrdersConfirmInPerson, { id }, { requestId });
  }
}

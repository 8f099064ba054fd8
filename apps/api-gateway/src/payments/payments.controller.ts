import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Order, PAYMENT_REDIRECT_KEYS, type PaymentRedirectParams, Pattern, type PayOrderResponse, validate } from '@shop/contracts';
import { ServiceClient } from '@shop/server-core';
import { z } from 'zod';
import { errorSchema } from '../app/openapi';
import { RequestId } from '../app/request-id.decorator';
import { orderSchema } from '../orders/order-http';

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
  @ApiBody({ schema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } })
  @ApiOkResponse({ schema: { type: 'object', properties: { url: { type: 'string' } } } })
  @ApiNotFoundResponse({ schema: errorSchema })
  @ApiConflictResponse({ description: 'Paid, paid in person, or no longer payable', schema: errorSchema })
  pay(@Body() body: unknown, @RequestId() requestId?: string): Promise<PayOrderResponse> {
    const { orderId } = validate(z.object({ orderId: z.string({ error: 'orderId is required' }).max(100) }), body);
    return this.services.send(Pattern.OrdersPay, { orderId }, { requestId, timeoutMs: PAYMENT_TIMEOUT_MS });
  }

  @Put('payment/:id')
  @ApiOperation({
    summary: 'The payment provider\'s redirect parameters, untouched (status, order_id, transaction_id, total, hash...); verified before anything changes',
  })
  @ApiBody({ schema: { type: 'object', properties: Object.fromEntries(PAYMENT_REDIRECT_KEYS.map((k) => [k, { type: 'string' }])) } })
  @ApiOkResponse({ schema: orderSchema })
  @ApiBadRequestResponse({ description: 'Payment could not be verified', schema: errorSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  paymentResult(@Param('id') id: string, @Body() body: unknown, @RequestId() requestId?: string): Promise<Order> {
    return this.services.send(Pattern.OrdersPaymentResult, { id, params: redirectParams(body) }, { requestId, timeoutMs: PAYMENT_TIMEOUT_MS });
  }

  @Put('paymentInPerson/:id')
  @ApiOperation({ summary: 'The in-person confirmation page: idempotent, never marks the order paid (the owner does on delivery)' })
  @ApiOkResponse({ schema: orderSchema })
  @ApiNotFoundResponse({ schema: errorSchema })
  @ApiConflictResponse({ description: 'Not an in-person order', schema: errorSchema })
  confirmInPerson(@Param('id') id: string, @RequestId() requestId?: string): Promise<Order> {
    return this.services.send(Pattern.OrdersConfirmInPerson, { id }, { requestId });
  }
}

import { Body, Controller, Headers, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Order,
  OrderSchema,
  pickRedirectParams,
  PaymentRedirectParamsSchema,
  Pattern,
  PayOrderRequestSchema,
  type PayOrderResponse,
} from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { z } from 'zod';
import { type AdminPrincipal, CurrentAdmin } from '../auth/current-admin.decorator';
import { OptionalAdminGuard } from '../auth/optional-admin.guard';
import { schemaOf } from '../http/openapi';
import { VISITOR_HEADER, visitorFrom, visitorHeaderDoc } from '../http/visitor-header';
import { ZodBody } from '../http/zod-body.decorator';
import { ApiErrors } from '../http/api-errors.decorator';

const PAYMENT_TIMEOUT_MS = 15_000;

/**
 * The card payment and the in-person confirmation. Each is bound to who asks (issue 23): the order's contact
 * details, visitor id and payment reference go only to the visitor who placed it (X-Visitor-Id) or the owner;
 * anyone else who knows an order id gets the redacted order that `GET /api/orders/{id}` gives.
 */
@ApiTags('payments')
@UseGuards(OptionalAdminGuard)
@Controller('orders')
export class PaymentsController {
  constructor(private readonly services: ServiceClient) {}

  @Post('pay')
  @HttpCode(200)
  @ApiOperation({ summary: "A hosted payment page for an unpaid card order, for the server's total; the browser is sent to url" })
  @ApiOkResponse({ schema: schemaOf(z.object({ url: z.string() })) })
  @ApiErrors({ 403: "Another visitor's order", 404: true, 409: 'Paid, paid in person, or no longer payable' })
  @ApiHeader({ ...visitorHeaderDoc, required: true })
  pay(
    @ZodBody(PayOrderRequestSchema) { orderId }: z.output<typeof PayOrderRequestSchema>,
    @CurrentAdmin() admin: AdminPrincipal | null,
    @Headers(VISITOR_HEADER) visitor?: string,
  ): Promise<PayOrderResponse> {
    return this.services.send(Pattern.OrdersPay, { orderId, visitorId: visitorFrom(visitor), isAdmin: admin !== null }, { timeoutMs: PAYMENT_TIMEOUT_MS });
  }

  @Put('payment/:id')
  @ApiOperation({
    summary:
      "The payment provider's redirect parameters, untouched (status, order_id, transaction_id, total, hash...); verified before anything changes. The contact details come back only to the order's visitor (X-Visitor-Id) or the owner",
  })
  @ApiBody({ schema: schemaOf(PaymentRedirectParamsSchema) })
  @ApiOkResponse({ schema: schemaOf(OrderSchema) })
  @ApiErrors({ 400: 'Payment could not be verified', 404: true })
  @ApiHeader(visitorHeaderDoc)
  paymentResult(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentAdmin() admin: AdminPrincipal | null,
    @Headers(VISITOR_HEADER) visitor?: string,
  ): Promise<Order> {
    return this.services.send(
      Pattern.OrdersPaymentResult,
      { id, params: pickRedirectParams(body), visitorId: visitorFrom(visitor), isAdmin: admin !== null },
      { timeoutMs: PAYMENT_TIMEOUT_MS },
    );
  }

  @Put('paymentInPerson/:id')
  @ApiOperation({ summary: 'The in-person confirmation page: idempotent, never marks the order paid (the owner does on delivery)' })
  @ApiOkResponse({ schema: schemaOf(OrderSchema) })
  @ApiErrors({ 404: true, 409: 'Not an in-person order' })
  @ApiHeader(visitorHeaderDoc)
  confirmInPerson(
    @Param('id') id: string,
    @CurrentAdmin() admin: AdminPrincipal | null,
    @Headers(VISITOR_HEADER) visitor?: string,
  ): Promise<Order> {
    return this.services.send(Pattern.OrdersConfirmInPerson, { id, visitorId: visitorFrom(visitor), isAdmin: admin !== null });
  }
}

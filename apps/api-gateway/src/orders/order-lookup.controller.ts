import { createHash } from 'node:crypto';
import { Delete, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type Order, ORDER_ACCESS_MINUTES, ORDER_CODE_MINUTES, ORDER_CODE_TRIES, OrderLookupMessage, Pattern } from '@shop/contracts';
import { type OrderCodeInput, OrderCodeInputSchema, type OrderLookupInput, OrderLookupInputSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import type { Request, Response } from 'express';
import { ApiErrors } from '../http/api-errors.decorator';
import { errorSchema } from '../http/openapi';
import { type ClientLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { RateLimited } from '../http/rate-limited.decorator';
import { ServiceController } from '../http/service-controller.decorator';
import { ZodBody } from '../http/zod-body.decorator';
import { OrderAccess } from './order-access';
import { orderSchema } from './order-http';

/** The per-contact limit counts a hash of the contact: Redis never holds the e-mail or phone typed. */
const contactKey = (contact: string): string => createHash('sha256').update(contact).digest('hex').slice(0, 32);

/**
 * "Find my orders" (issue 29): a code by mail for the e-mail or phone a shopper ordered with, and with the right code
 * her orders in this browser for ORDER_ACCESS_MINUTES. Under its own path, apart from `orders/{id}`.
 */
@ServiceController('order-lookup', 'orders', 'order')
export class OrderLookupController {
  private readonly requests: ClientLimiter;
  private readonly tries: ClientLimiter;

  constructor(
    private readonly services: ServiceClient,
    private readonly access: OrderAccess,
    limiters: RateLimiterFactory,
  ) {
    this.requests = limiters.forClients('order-lookup');
    this.tries = limiters.forClients('order-codes');
  }

  @Post()
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: `Mail a 6-digit code (${ORDER_CODE_MINUTES} minutes, ${ORDER_CODE_TRIES} tries) to the mailbox on the orders of an e-mail or phone number`,
    description: 'The answer is the same whether or not the contact has orders: the search and the mail happen in a job. Limited per client (ORDER_LOOKUP_RATE_LIMIT) and per contact (ORDER_LOOKUP_CONTACT_RATE_LIMIT) per RATE_LIMIT_WINDOW_SECONDS.',
  })
  @ApiAcceptedResponse({ description: 'The same message for every contact', schema: errorSchema })
  @ApiErrors({ 400: 'Neither an e-mail address nor a phone number' })
  @RateLimited('Too many codes asked for from this client or for this contact')
  async request(@ZodBody(OrderLookupInputSchema) { contact }: OrderLookupInput, @Req() req: Request): Promise<{ message: string }> {
    await this.requests.consume(req, contactKey(contact));
    await this.services.send(Pattern.OrdersLookupRequest, { contact });
    return { message: OrderLookupMessage.CodeSent };
  }

  @Post('code')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: `Check a code: right, this browser may see that mailbox's orders for ${ORDER_ACCESS_MINUTES} minutes (an HttpOnly cookie)`,
    description: 'A code works once. Wrong, used, expired or unknown codes get the same 400. Limited per client (ORDER_CODE_RATE_LIMIT).',
  })
  @ApiOkResponse({ description: 'The grant is set as the order_access cookie', schema: { type: 'object', properties: { message: { type: 'string' }, expiresAt: { type: 'string' } } } })
  @ApiErrors({ 400: OrderLookupMessage.CodeRefused })
  @RateLimited('Too many codes tried from this client')
  async check(@ZodBody(OrderCodeInputSchema) input: OrderCodeInput, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string; expiresAt: string }> {
    await this.tries.consume(req, undefined);
    const { email } = await this.services.send(Pattern.OrdersLookupCheck, input);
    return { message: OrderLookupMessage.Found, expiresAt: this.access.grant(req, res, email).toISOString() };
  }

  @Get('orders')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'The orders of the mailbox this browser proved with a code, newest first, whole; none without a valid grant' })
  @ApiOkResponse({ schema: { type: 'array', items: orderSchema } })
  async orders(@Req() req: Request): Promise<Order[]> {
    // No grant (or a forged or ended one) lists nothing: every /tracking visit asks, and most have none.
    const email = this.access.emailOf(req);
    return email ? this.services.send(Pattern.OrdersLookupOrders, { email }) : [];
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: "End this browser's access to the orders a code found" })
  @ApiNoContentResponse()
  end(@Res({ passthrough: true }) res: Response): void {
    this.access.end(res);
  }
}

import { Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import {
  Pattern,
  STOCK_WAIT_MESSAGES,
  type StockWaitAnswer,
  StockWaitAnswerSchema,
  type StockWaitBatch,
  StockWaitBatchSchema,
  StockWaitInputSchema,
  stockWaitOf,
  UnsubscribeStockWaitRequestSchema,
} from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import type { Request } from 'express';
import type { z } from 'zod';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ApiErrors } from '../http/api-errors.decorator';
import { schemaOf } from '../http/openapi';
import { RateLimited } from '../http/rate-limited.decorator';
import { type ClientLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { ServiceController } from '../http/service-controller.decorator';
import { VISITOR_HEADER, visitorFrom, visitorHeaderDoc } from '../http/visitor-header';
import { ZodBody } from '../http/zod-body.decorator';

const LIMITED = 'Too many sign-ups or unsubscribes from this client (STOCK_WAIT_RATE_LIMIT per IP) or visitor (STOCK_WAIT_VISITOR_RATE_LIMIT) per RATE_LIMIT_WINDOW_SECONDS';

/**
 * Back-in-stock (issue 28): a shopper waits for a sold-out variant ("Notify me"), the mail's unsubscribe link, and
 * the owner's "tell them now". The catalog keeps the sign-ups and tells waiting shoppers in small batches.
 */
@ServiceController('', 'back-in-stock', 'catalog')
export class StockWaitsController {
  private readonly limiter: ClientLimiter;

  constructor(
    private readonly services: ServiceClient,
    limiters: RateLimiterFactory,
  ) {
    this.limiter = limiters.forClients('stock-waits');
  }

  @Post('products/:id/stock-waits')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Wait for a sold-out product or variant: be told once when it is back in stock ("Notify me")',
    description:
      'Body: `variant` (the variant id; leave it out for a product without options), `email` or `whatsapp` (exactly one), and `consent` (true). ' +
      'The answer is the same whether or not this contact already waited for the variant (its wait is renewed): nobody can learn who waits. ' +
      "A sign-up waits Site Settings' backInStockSettings.waitDays (90 by default). An e-mail contact is mailed once when the variant is back; " +
      'a WhatsApp contact is passed to the shop owner, who messages them by hand (the shop has no WhatsApp API).',
  })
  @ApiParam({ name: 'id', description: 'The `_id` of the product' })
  @ApiHeader(visitorHeaderDoc)
  @ApiAcceptedResponse({ description: 'The sign-up is kept', schema: schemaOf(StockWaitAnswerSchema) })
  @ApiErrors({
    400: 'A field is missing or not valid (no consent, no contact, both contacts, a bad address or number, no variant for a product with options); the message names it',
    404: 'Unknown, deleted or hidden product, or a variant not on sale',
    409: 'The variant is in stock now: order it instead',
  })
  @RateLimited(LIMITED, 'Seconds until the client may sign up again')
  async create(
    @Param('id') productId: string,
    @ZodBody(StockWaitInputSchema) input: z.output<typeof StockWaitInputSchema>,
    @Req() req: Request,
    @Headers(VISITOR_HEADER) visitor?: string,
  ): Promise<StockWaitAnswer> {
    // Only sign-ups that would be kept count.
    await this.limiter.consume(req, visitorFrom(visitor));
    const { variant, channel, contact } = stockWaitOf(input);
    return this.services.send(Pattern.StockWaitsCreate, { productId, variantId: variant, channel, contact });
  }

  @Post('stock-waits/unsubscribe')
  @HttpCode(200)
  @ApiOperation({
    summary: "A back-in-stock mail's unsubscribe link: no more back-in-stock messages to this contact",
    description:
      'Body: `{ "token": "..." }` from the link. Every wait of the contact ends (any product). The storefront page /back-in-stock/unsubscribe?token=... shows a button that sends this; opening the link alone changes nothing.',
  })
  @ApiOkResponse({ schema: schemaOf(StockWaitAnswerSchema) })
  @ApiErrors({ 400: 'The token is malformed', 404: STOCK_WAIT_MESSAGES.badToken })
  @RateLimited(LIMITED, 'Seconds until the client may try again')
  async unsubscribe(@ZodBody(UnsubscribeStockWaitRequestSchema) { token }: z.output<typeof UnsubscribeStockWaitRequestSchema>, @Req() req: Request): Promise<StockWaitAnswer> {
    await this.limiter.consume(req, undefined);
    return this.services.send(Pattern.StockWaitsUnsubscribe, { token });
  }

  @Post('stock-waits/send')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Tell waiting shoppers now (admin)',
    description:
      'Runs one back-in-stock batch at once instead of waiting for the next one (every BACK_IN_STOCK_SWEEP_SECONDS): at most BACK_IN_STOCK_BATCH waiting shoppers whose variant is in stock are told, each after its stock is read again; expired sign-ups are dropped.',
  })
  @ApiOkResponse({ schema: schemaOf(StockWaitBatchSchema) })
  send(): Promise<StockWaitBatch> {
    return this.services.send(Pattern.StockWaitsSend, {}, { timeoutMs: 30_000 });
  }
}

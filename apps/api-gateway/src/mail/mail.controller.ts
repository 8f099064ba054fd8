import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@shop/contracts';
import { ContactInputSchema } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import type { Request } from 'express';
import { errorSchema } from '../http/openapi';
import { type ClientLimiter, RateLimiterFactory } from '../http/rate-limiter';
import { VISITOR_HEADER, visitorFrom } from '../http/visitor-header';
import { ZodBody } from '../http/zod-body.decorator';
import type { z } from 'zod';
import { ApiErrors } from '../http/api-errors.decorator';
import { RateLimited } from '../http/rate-limited.decorator';

/**
 * The contact form. The spec's `notify`, `notify2` and `notifyCreateOrder` routes are deliberately not
 * here: a public route that mails any address is an open relay, and the notification service mails
 * shoppers itself on order events.
 */
@ApiTags('mail')
@Controller('mail')
export class MailController {
  private readonly limiter: ClientLimiter;

  constructor(
    private readonly services: ServiceClient,
    limiters: RateLimiterFactory,
  ) {
    this.limiter = limiters.forClients('contact');
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a message to the shop owner (contact form)',
    description:
      'Every field is required; names, email and phone are single lines (a line break or other control character is refused, so no mail header can be added). ' +
      'The owner receives the message with the sender as reply-to. At most CONTACT_RATE_LIMIT messages (default 5) per client (IP) and CONTACT_VISITOR_RATE_LIMIT per visitor (X-Visitor-Id) every RATE_LIMIT_WINDOW_SECONDS (default 10 minutes).',
  })
  @ApiAcceptedResponse({ description: 'The message is queued for the owner', schema: errorSchema })
  @ApiErrors({ 400: 'A field is missing or not valid; the message names it', 503: 'The notification service or Redis did not answer in time' })
  @RateLimited('Too many messages from this client', 'Seconds until the client may send again')
  async contact(@ZodBody(ContactInputSchema) message: z.output<typeof ContactInputSchema>, @Req() req: Request, @Headers(VISITOR_HEADER) visitor?: string): Promise<{ message: string }> {
    // Only messages that would be sent count.
    await this.limiter.consume(req, visitorFrom(visitor));
    await this.services.send(Pattern.NotificationContact, { message });
    return { message: 'Thank you, your message is on its way to us' };
  }
}

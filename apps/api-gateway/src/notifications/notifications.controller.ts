import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { MailStatus, type Notification, type NotificationPage, NotificationPageSchema, NotificationSchema, Pattern, validate } from '@shop/contracts';
import { ServiceClient } from '@shop/server-core';
import { z } from 'zod';
import { errorSchema, schemaOf } from '../app/openapi';
import { RequestId } from '../app/request-id.decorator';
import { AdminGuard } from '../auth/admin.guard';

const STATUSES = Object.values(MailStatus) as [MailStatus, ...MailStatus[]];

const NotificationQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(20),
  status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(', ')}` }).optional(),
});

/** The owner's outbox: every mail the shop sent or tried to send, and a retry for the failed ones. */
@ApiTags('notifications')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@ApiUnauthorizedResponse({ description: "'Not authorized, no token' or 'Not authorized, token failed'", schema: errorSchema })
@ApiForbiddenResponse({ description: "A valid token, but not an admin's", schema: errorSchema })
@ApiServiceUnavailableResponse({ description: 'The notification service did not answer in time', schema: errorSchema })
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Logged mails, newest first (admin)', description: 'Recipient, kind, order, status, attempts, last error, sent time and provider message id.' })
  @ApiQuery({ name: 'page', required: false, description: 'From 1' })
  @ApiQuery({ name: 'pageSize', required: false, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'status', required: false, enum: STATUSES })
  @ApiOkResponse({ schema: schemaOf(NotificationPageSchema) })
  @ApiBadRequestResponse({ description: 'A query parameter is not valid', schema: errorSchema })
  list(@Query() query: Record<string, unknown>, @RequestId() requestId?: string): Promise<NotificationPage> {
    const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const parsed = validate(NotificationQuerySchema, { page: first(query.page), pageSize: first(query.pageSize), status: first(query.status) });
    return this.services.send(Pattern.NotificationsList, parsed, { requestId });
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a failed mail again (admin)', description: 'The mail goes back in the queue with a fresh set of attempts.' })
  @ApiParam({ name: 'id', description: 'The `_id` of the mail' })
  @ApiOkResponse({ description: 'The mail, queued again', schema: schemaOf(NotificationSchema) })
  @ApiNotFoundResponse({ description: 'Unknown or malformed id', schema: errorSchema })
  @ApiConflictResponse({ description: 'The mail is not failed (already sent, or still queued)', schema: errorSchema })
  retry(@Param('id') id: string, @RequestId() requestId?: string): Promise<Notification> {
    return this.services.send(Pattern.NotificationsRetry, { id }, { requestId });
  }
}

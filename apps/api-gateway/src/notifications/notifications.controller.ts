import { Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import {
  type EventDeadLetterPage,
  EventDeadLetterPageSchema,
  ListDeadLettersRequestSchema,
  ListNotificationsRequestSchema,
  type MailHealth,
  MailHealthSchema,
  MailStatus,
  type Notification,
  type NotificationPage,
  NotificationPageSchema,
  NotificationSchema,
  Pattern,
  validate,
} from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { AdminGuard } from '../auth/admin.guard';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { firstValue } from '../http/visitor-header';
import { ApiErrors } from '../http/api-errors.decorator';

const STATUSES = Object.values(MailStatus);

/** The owner's mail log: every mail the shop sent or tried to send, and a retry for the failed ones. */
@ApiBearerAuth()
@UseGuards(AdminGuard)
@ApiErrors({ 401: "'Not authorized, no token' or 'Not authorized, token failed'", 403: "A valid token, but not an admin's" })
@ServiceController('notifications', 'notifications', 'notification')
export class NotificationsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Logged mails, newest first (admin)', description: 'Recipient, kind, order, status, attempts, last error, sent time and provider message id.' })
  @ApiQuery({ name: 'page', required: false, description: 'From 1' })
  @ApiQuery({ name: 'pageSize', required: false, description: '1 to 100, default 20' })
  @ApiQuery({ name: 'status', required: false, enum: STATUSES })
  @ApiOkResponse({ schema: schemaOf(NotificationPageSchema) })
  @ApiErrors({ 400: 'A query parameter is not valid' })
  list(@Query() query: Record<string, unknown>): Promise<NotificationPage> {
    // The notification service checks the same schema again where the message arrives.
    const parsed = validate(ListNotificationsRequestSchema, { page: firstValue(query.page), pageSize: firstValue(query.pageSize), status: firstValue(query.status) });
    return this.services.send(Pattern.NotificationsList, parsed);
  }

  @Get('health')
  @ApiOperation({
    summary: 'Whether mail is going out (admin)',
    description:
      'Mails failed in the last 7 days and not retried, mails waiting for over 10 minutes, and why, in plain words (the refused connection, an unknown host, a time-out, a refused sign-in, TLS...), most mails first.',
  })
  @ApiOkResponse({ schema: schemaOf(MailHealthSchema) })
  health(): Promise<MailHealth> {
    return this.services.send(Pattern.NotificationsHealth, {});
  }

  @Get('dead-letters')
  @ApiOperation({
    summary: 'Order events the notification service gave up on, newest first (admin)',
    description:
      'An order event whose handling failed on every delivery (EVENT_MAX_DELIVER), or that broke its contract. It stays in the JetStream stream under its sequence number for an operator.',
  })
  @ApiQuery({ name: 'page', required: false, description: 'From 1' })
  @ApiQuery({ name: 'pageSize', required: false, description: '1 to 100, default 20' })
  @ApiOkResponse({ schema: schemaOf(EventDeadLetterPageSchema) })
  @ApiErrors({ 400: 'A query parameter is not valid' })
  deadLetters(@Query() query: Record<string, unknown>): Promise<EventDeadLetterPage> {
    const parsed = validate(ListDeadLettersRequestSchema, { page: firstValue(query.page), pageSize: firstValue(query.pageSize) });
    return this.services.send(Pattern.NotificationDeadLetters, parsed);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a failed mail again (admin)', description: 'The mail goes back in the queue with a fresh set of attempts.' })
  @ApiParam({ name: 'id', description: 'The `_id` of the mail' })
  @ApiOkResponse({ description: 'The mail, queued again', schema: schemaOf(NotificationSchema) })
  @ApiErrors({ 404: 'Unknown or malformed id', 409: 'The mail is not failed (already sent, or still queued)' })
  retry(@Param('id') id: string): Promise<Notification> {
    return this.services.send(Pattern.NotificationsRetry, { id });
  }
}

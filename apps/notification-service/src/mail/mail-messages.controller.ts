import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type EventPayload, type MailHealth, type Notification, type NotificationPage, OrderEvent, Pattern, type PatternRequest } from '@shop/contracts';
import { Handles, HandlesEvent } from '@shop/server-messaging';
import { MailService } from './mail.service';

/**
 * Order events in (each delivered to one replica of the queue group), contact messages and the owner's mail log.
 * Every payload is checked against its contract where it arrives; an event that fails is logged and dropped.
 */
@Controller()
export class MailMessagesController {
  constructor(private readonly mail: MailService) {}

  @HandlesEvent(OrderEvent.Placed)
  placed(@Payload() payload: EventPayload<typeof OrderEvent.Placed>): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  @HandlesEvent(OrderEvent.Paid)
  paid(@Payload() payload: EventPayload<typeof OrderEvent.Paid>): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  @HandlesEvent(OrderEvent.StatusChanged)
  statusChanged(@Payload() payload: EventPayload<typeof OrderEvent.StatusChanged>): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  /** Only an in-person order that expired unconfirmed is mailed (issue 23); the plan decides. */
  @HandlesEvent(OrderEvent.PaymentFailed)
  paymentFailed(@Payload() payload: EventPayload<typeof OrderEvent.PaymentFailed>): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  /** Issue 29: a bank-transfer order's hold ends soon. */
  @HandlesEvent(OrderEvent.TransferReminder)
  transferReminder(@Payload() payload: EventPayload<typeof OrderEvent.TransferReminder>): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  @HandlesEvent(OrderEvent.Cancelled)
  cancelled(@Payload() payload: EventPayload<typeof OrderEvent.Cancelled>): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  @Handles(Pattern.NotificationContact)
  contact(@Payload() payload: PatternRequest<typeof Pattern.NotificationContact>): Promise<{ id: string }> {
    return this.mail.onContact(payload.message);
  }

  @Handles(Pattern.NotificationsList)
  list(@Payload() payload: PatternRequest<typeof Pattern.NotificationsList>): Promise<NotificationPage> {
    return this.mail.list(payload);
  }

  @Handles(Pattern.NotificationsHealth)
  health(): Promise<MailHealth> {
    return this.mail.health();
  }

  @Handles(Pattern.NotificationsRetry)
  retry(@Payload() payload: PatternRequest<typeof Pattern.NotificationsRetry>): Promise<Notification> {
    return this.mail.retry(payload.id);
  }
}

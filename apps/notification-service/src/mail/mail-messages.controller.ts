import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { type MessageMap, type Notification, type NotificationPage, OrderEvent, type OrderEventPayload, Pattern } from '@shop/contracts';
import { MailService } from './mail.service';

type Req<P extends keyof MessageMap> = MessageMap[P]['request'];

/** Order events in (each delivered to one replica of the queue group), contact messages and the owner's outbox. */
@Controller()
export class MailMessagesController {
  constructor(private readonly mail: MailService) {}

  @EventPattern(OrderEvent.Placed)
  placed(@Payload() payload: OrderEventPayload): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  @EventPattern(OrderEvent.Paid)
  paid(@Payload() payload: OrderEventPayload): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  @EventPattern(OrderEvent.StatusChanged)
  statusChanged(@Payload() payload: OrderEventPayload): Promise<void> {
    return this.mail.onOrderEvent(payload);
  }

  @MessagePattern(Pattern.NotificationContact)
  contact(@Payload() payload: Req<typeof Pattern.NotificationContact>): Promise<{ id: string }> {
    return this.mail.onContact(payload.message);
  }

  @MessagePattern(Pattern.NotificationsList)
  list(@Payload() payload: Req<typeof Pattern.NotificationsList>): Promise<NotificationPage> {
    return this.mail.list(payload);
  }

  @MessagePattern(Pattern.NotificationsRetry)
  retry(@Payload() payload: Req<typeof Pattern.NotificationsRetry>): Promise<Notification> {
    return this.mail.retry(String(payload?.id ?? ''));
  }
}

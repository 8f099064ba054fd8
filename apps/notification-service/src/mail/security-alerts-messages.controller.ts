import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { MailService } from './mail.service';

/**
 * Mails asked for directly rather than from an event: the gateway's security alerts (a locked admin account, a sign-in
 * from a new browser), one mail each to the owner; and the order service's "Find my orders" codes, one to the shopper.
 */
@Controller()
export class SecurityAlertsMessagesController {
  constructor(private readonly mail: MailService) {}

  @Handles(Pattern.NotificationSecurityAlert)
  alert(@Payload() payload: PatternRequest<typeof Pattern.NotificationSecurityAlert>): Promise<{ id: string }> {
    return this.mail.onSecurityAlert(payload.alert);
  }

  /** Issue 29: a shopper's "Find my orders" code, from the order service. */
  @Handles(Pattern.NotificationOrderCode)
  orderCode(@Payload() payload: PatternRequest<typeof Pattern.NotificationOrderCode>): Promise<{ id: string }> {
    return this.mail.onOrderCode(payload);
  }
}

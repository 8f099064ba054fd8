import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { MailService } from './mail.service';

/** The gateway's security alerts (a locked admin account, a sign-in from a new browser): one mail each to the owner. */
@Controller()
export class SecurityAlertsMessagesController {
  constructor(private readonly mail: MailService) {}

  @Handles(Pattern.NotificationSecurityAlert)
  alert(@Payload() payload: PatternRequest<typeof Pattern.NotificationSecurityAlert>): Promise<{ id: string }> {
    return this.mail.onSecurityAlert(payload.alert);
  }
}

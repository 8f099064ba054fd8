import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { notificationConfigSchema } from '@shop/server-config';
import { startService } from '@shop/server-messaging';
import { DeadLettersModule } from './events/dead-letters.module';
import { MailEntity } from './mail/mail.entity';
import { MailModule } from './mail/mail.module';
import { NOTIFICATION_MIGRATIONS } from './migrations';

/** The notification service: order and contact mails as render/send jobs, logged in its own 'notifications' schema. */
startService({
  name: ServiceName.Notification,
  configSchema: notificationConfigSchema,
  database: { schema: 'notifications', entities: [MailEntity], migrations: NOTIFICATION_MIGRATIONS },
  imports: [MailModule, DeadLettersModule],
});

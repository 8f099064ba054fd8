import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type NotificationConfig } from '@shop/server-config';
import { serviceInfrastructure } from '@shop/server-messaging';
import type { Logger } from 'pino';
import { DeadLettersModule } from '../events/dead-letters.module';
import { MailEntity } from '../mail/mail.entity';
import { MailModule } from '../mail/mail.module';
import { NOTIFICATION_MIGRATIONS } from '../migrations';

/** The notification service: order and contact mails as render/send jobs, logged in its own 'notifications' schema. */
@Module({})
export class NotificationAppModule {
  static forRoot(config: NotificationConfig, logger: Logger): DynamicModule {
    return {
      module: NotificationAppModule,
      imports: [
        ...serviceInfrastructure({
          config,
          logger,
          service: ServiceName.Notification,
          healthPattern: Pattern.NotificationHealth,
          schema: 'notifications',
          entities: [MailEntity],
          migrations: NOTIFICATION_MIGRATIONS,
        }),
        MailModule,
        DeadLettersModule,
      ],
    };
  }
}

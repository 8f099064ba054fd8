import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type AppConfig, serviceInfrastructure } from '@shop/server-core';
import type { Logger } from 'pino';

/** The notification service: its own 'notifications' schema; its features arrive with their issues. */
@Module({})
export class NotificationAppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: NotificationAppModule,
      imports: [
        ...serviceInfrastructure({
          config,
          logger,
          service: ServiceName.Notification,
          healthPattern: Pattern.NotificationHealth,
          schema: 'notifications',
          entities: [],
          migrations: [],
        }),
      ],
    };
  }
}

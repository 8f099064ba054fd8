import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type AppConfig, serviceInfrastructure } from '@shop/server-core';
import type { Logger } from 'pino';

/** The order service: its own 'orders' schema; its features arrive with their issues. */
@Module({})
export class OrderAppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: OrderAppModule,
      imports: [
        ...serviceInfrastructure({
          config,
          logger,
          service: ServiceName.Order,
          healthPattern: Pattern.OrderHealth,
          schema: 'orders',
          entities: [],
          migrations: [],
        }),
      ],
    };
  }
}

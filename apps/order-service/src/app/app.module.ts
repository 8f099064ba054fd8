import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type OrderConfig } from '@shop/server-config';
import { serviceInfrastructure } from '@shop/server-messaging';
import { OutboxMetricsModule } from '@shop/server-ops';
import type { Logger } from 'pino';
import { ORDER_MIGRATIONS } from '../migrations';
import { OrdersModule } from './orders.module';

/** The order service: orders, tracking, admin views and stats, stock and expiry jobs, order events (outbox). */
@Module({})
export class OrderAppModule {
  static forRoot(config: OrderConfig, logger: Logger): DynamicModule {
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
          migrations: ORDER_MIGRATIONS,
        }),
        OrdersModule,
        // Outbox lag for the alerts (issue 16): the age of the oldest event the relay has not published.
        OutboxMetricsModule.forRoot({ outbox: 'orders', table: 'orders.outbox' }),
      ],
    };
  }
}

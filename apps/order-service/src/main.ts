import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { orderConfigSchema } from '@shop/server-config';
import { startService } from '@shop/server-messaging';
import { OutboxMetricsModule } from '@shop/server-ops';
import { OrdersModule } from './app/orders.module';
import { ORDER_MIGRATIONS } from './migrations';

/** The order service: orders, tracking, admin views and stats, stock and expiry jobs, order events (outbox). */
startService({
  name: ServiceName.Order,
  configSchema: orderConfigSchema,
  database: { schema: 'orders', entities: [], migrations: ORDER_MIGRATIONS },
  imports: [
    OrdersModule,
    // Outbox lag for the alerts (issue 16): the age of the oldest event the relay has not published.
    OutboxMetricsModule.forRoot({ outbox: 'orders', table: 'orders.outbox' }),
  ],
});

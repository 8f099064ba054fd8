import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, ServiceClient } from '@shop/server-core';
import { OutboxRelay } from '../events/outbox.relay';
import { OrderJobs } from '../jobs/order-jobs';
import { OrderSweeper } from '../jobs/order-sweeper';
import { OrderWorkers } from '../jobs/order-workers';
import { OrderPaymentService } from './order-payment.service';
import { OrderStatsService } from './order-stats.service';
import { OrderService } from './order.service';
import { OrdersMessagesController } from './orders-messages.controller';
import { OrdersRepository } from './orders.repository';

@Module({
  controllers: [OrdersMessagesController],
  providers: [
    {
      provide: ServiceClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ServiceClient(config.NATS_URL, config.NATS_TIMEOUT_MS, config.NATS_SUBJECT_PREFIX),
    },
    OrdersRepository,
    OrderService,
    OrderPaymentService,
    OrderStatsService,
    OrderJobs,
    OrderWorkers,
    OrderSweeper,
    OutboxRelay,
  ],
})
export class OrdersModule implements OnApplicationShutdown {
  constructor(@Inject(ServiceClient) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

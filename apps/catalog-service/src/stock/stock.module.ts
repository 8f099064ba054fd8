import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type CatalogConfig, natsCredentials, ServiceClient } from '@shop/server-core';
import { TransactionContext } from '@shop/server-database';
import { DeliveryAreasModule } from '../delivery/delivery-areas.module';
import { StockMessagesController } from './stock-messages.controller';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';
import { StockSweeper } from './stock-sweeper';
import { StockAlertsModule } from '../stock-alerts/stock-alerts.module';

@Module({
  imports: [DeliveryAreasModule, StockAlertsModule],
  controllers: [StockMessagesController],
  providers: [
    {
      // The stock sweeper asks the order service which held reservations have a stored order.
      provide: ServiceClient,
      inject: [APP_CONFIG],
      useFactory: (config: CatalogConfig) => new ServiceClient(config.NATS_URL, config.NATS_TIMEOUT_MS, config.NATS_SUBJECT_PREFIX, natsCredentials(config)),
    },
    TransactionContext,
    StockRepository,
    StockService,
    StockSweeper,
  ],
  exports: [StockService],
})
export class StockModule implements OnApplicationShutdown {
  constructor(@Inject(ServiceClient) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type CatalogConfig, natsCredentials } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';

/**
 * The catalog's one client for calls to the order service: the stock sweeper asks which held reservations have a
 * stored order, reviews ask whether the writer had the product delivered. Closed with the app.
 */
@Module({
  providers: [
    {
      provide: ServiceClient,
      inject: [APP_CONFIG],
      useFactory: (config: CatalogConfig) => new ServiceClient(config.NATS_URL, config.NATS_TIMEOUT_MS, config.NATS_SUBJECT_PREFIX, natsCredentials(config)),
    },
  ],
  exports: [ServiceClient],
})
export class OrderClientModule implements OnApplicationShutdown {
  constructor(@Inject(ServiceClient) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type GatewayConfig, natsCredentials } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';

/** One NATS client for every service; subjects route each pattern to its owner's queue group. */
@Global()
@Module({
  providers: [
    {
      provide: ServiceClient,
      inject: [APP_CONFIG],
      useFactory: (config: GatewayConfig) => new ServiceClient(config.NATS_URL, config.NATS_TIMEOUT_MS, config.NATS_SUBJECT_PREFIX, natsCredentials(config)),
    },
  ],
  exports: [ServiceClient],
})
export class NatsClientModule implements OnApplicationShutdown {
  constructor(@Inject(ServiceClient) private readonly client: ServiceClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

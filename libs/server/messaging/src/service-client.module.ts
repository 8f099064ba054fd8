import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type BaseConfig, natsCredentials } from '@shop/server-config';
import { ServiceClient } from './service-client';

/** An app's NATS client for calls to the services (`ServiceClient`), made from its config and closed with the app. */
@Module({
  providers: [
    {
      provide: ServiceClient,
      inject: [APP_CONFIG],
      useFactory: (config: BaseConfig) => new ServiceClient(config.NATS_URL, config.NATS_TIMEOUT_MS, config.NATS_SUBJECT_PREFIX, natsCredentials(config)),
    },
  ],
  exports: [ServiceClient],
})
export class ServiceClientModule implements OnApplicationShutdown {
  constructor(@Inject(ServiceClient) private readonly client: ServiceClient) {}

  /** The same client for every module of the app, without importing this module in each. */
  static global(): DynamicModule {
    return { module: ServiceClientModule, global: true };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

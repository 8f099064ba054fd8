import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type AppConfig, serviceInfrastructure } from '@shop/server-core';
import type { Logger } from 'pino';

/** The payment service: its own 'payments' schema; its features arrive with their issues. */
@Module({})
export class PaymentAppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: PaymentAppModule,
      imports: [
        ...serviceInfrastructure({
          config,
          logger,
          service: ServiceName.Payment,
          healthPattern: Pattern.PaymentHealth,
          schema: 'payments',
          entities: [],
          migrations: [],
        }),
      ],
    };
  }
}

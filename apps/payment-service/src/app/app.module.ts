import { type DynamicModule, Module } from '@nestjs/common';
import { Pattern, ServiceName } from '@shop/contracts';
import { type PaymentConfig } from '@shop/server-config';
import { serviceInfrastructure } from '@shop/server-messaging';
import type { Logger } from 'pino';
import { PAYMENT_MIGRATIONS } from '../migrations';
import { PaymentsModule } from '../payments/payments.module';

/** The payment service: providers (wipay, sandbox), verification of results, the sandbox's hosted page. */
@Module({})
export class PaymentAppModule {
  static forRoot(config: PaymentConfig, logger: Logger): DynamicModule {
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
          migrations: PAYMENT_MIGRATIONS,
        }),
        PaymentsModule,
      ],
    };
  }
}

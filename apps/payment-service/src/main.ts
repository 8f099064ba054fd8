import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { paymentConfigSchema } from '@shop/server-config';
import { startService } from '@shop/server-messaging';
import { PAYMENT_MIGRATIONS } from './migrations';
import { PaymentsModule } from './payments/payments.module';

/** The payment service: providers (wipay, sandbox), verification of results, the sandbox's hosted page. */
startService({
  name: ServiceName.Payment,
  configSchema: paymentConfigSchema,
  database: { schema: 'payments', entities: [], migrations: PAYMENT_MIGRATIONS },
  imports: [PaymentsModule],
});

import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { loadConfig, paymentConfigSchema } from '@shop/server-config';
import { runService } from '@shop/server-messaging';
import { createLogger } from '@shop/server-ops';
import { PaymentAppModule } from './app/app.module';

async function main(): Promise<void> {
  const config = loadConfig(paymentConfigSchema);
  const logger = createLogger(ServiceName.Payment, config.LOG_LEVEL);
  await runService({ name: ServiceName.Payment, module: PaymentAppModule.forRoot(config, logger), config, logger });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

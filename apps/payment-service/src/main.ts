import 'reflect-metadata';
// First: defers what NestJS and TypeORM would load at start without needing it (memory; see the module).
import '@shop/server-core/lean-start';
import { ServiceName } from '@shop/contracts';
import { createLogger, loadConfig, paymentConfigSchema, runService } from '@shop/server-core';
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

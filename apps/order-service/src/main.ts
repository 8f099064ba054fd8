import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { loadConfig, orderConfigSchema } from '@shop/server-config';
import { runService } from '@shop/server-messaging';
import { createLogger } from '@shop/server-ops';
import { OrderAppModule } from './app/app.module';

async function main(): Promise<void> {
  const config = loadConfig(orderConfigSchema);
  const logger = createLogger(ServiceName.Order, config.LOG_LEVEL);
  await runService({ name: ServiceName.Order, module: OrderAppModule.forRoot(config, logger), config, logger });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

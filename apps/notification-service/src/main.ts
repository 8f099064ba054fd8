import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { loadConfig, notificationConfigSchema } from '@shop/server-config';
import { runService } from '@shop/server-messaging';
import { createLogger } from '@shop/server-ops';
import { NotificationAppModule } from './app/app.module';

async function main(): Promise<void> {
  const config = loadConfig(notificationConfigSchema);
  const logger = createLogger(ServiceName.Notification, config.LOG_LEVEL);
  await runService({ name: ServiceName.Notification, module: NotificationAppModule.forRoot(config, logger), config, logger });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

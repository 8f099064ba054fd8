import 'reflect-metadata';
import { ServiceName } from '@shop/contracts';
import { catalogConfigSchema, loadConfig } from '@shop/server-config';
import { runService } from '@shop/server-messaging';
import { createLogger } from '@shop/server-ops';
import { CatalogAppModule } from './app/app.module';

async function main(): Promise<void> {
  const config = loadConfig(catalogConfigSchema);
  const logger = createLogger(ServiceName.Catalog, config.LOG_LEVEL);
  await runService({ name: ServiceName.Catalog, module: CatalogAppModule.forRoot(config, logger), config, logger });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

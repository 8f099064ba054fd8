import 'reflect-metadata';
import { createLogger, gatewayConfigSchema, loadConfig } from '@shop/server-core';
import { createGatewayApp } from './app/create-gateway-app';

async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema);
  const logger = createLogger('api-gateway', config.LOG_LEVEL);
  const app = await createGatewayApp(config, logger);
  await app.listen(config.GATEWAY_PORT);
  logger.info({ port: config.GATEWAY_PORT }, 'gateway listening');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

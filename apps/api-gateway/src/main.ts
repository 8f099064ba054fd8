import 'reflect-metadata';
import { getDataSourceToken } from '@nestjs/typeorm';
import { gatewayConfigSchema, loadConfig } from '@shop/server-config';
import { drainThenClose, handleShutdownSignals, ServiceClient } from '@shop/server-messaging';
import { createLogger, Metrics, OpsServer, pingPostgres } from '@shop/server-ops';
import { pingRedis, REDIS } from '@shop/server-queue';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { createGatewayApp } from './app/create-gateway-app';
import { GatewayHealth } from './health/gateway-health';

async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema);
  const logger = createLogger('api-gateway', config.LOG_LEVEL);
  // The ops server comes up first: live while the app starts, ready once it listens and its dependencies answer.
  const ops = await OpsServer.start(config.OPS_PORT, logger);
  try {
    const app = await createGatewayApp(config, logger, () => ops.isDraining);
    await app.listen(config.GATEWAY_PORT);
    const metrics = app.get(Metrics);
    metrics.collectDefaults();
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const redis = app.get<Redis>(REDIS);
    const services = app.get(ServiceClient);
    // The public /api/health says only up or down in production; the detail is here, on the ops port.
    const health = app.get(GatewayHealth);
    ops.route('/health', async () => {
      const report = await health.report();
      return { status: report.status === 'up' ? 200 : 503, body: report };
    });
    ops.attach(metrics, {
      postgres: () => pingPostgres(dataSource),
      redis: () => pingRedis(redis),
      nats: () => services.ping(),
    });
    // SIGTERM: readiness off first, then (after DRAIN_DELAY_MS) the HTTP server stops taking requests and lets those in flight answer.
    handleShutdownSignals(drainThenClose(ops, config, () => app.close()), logger);
    logger.info({ port: config.GATEWAY_PORT }, 'gateway listening');
  } catch (err) {
    await ops.close();
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

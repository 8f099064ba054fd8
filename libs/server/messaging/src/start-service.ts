import { type DynamicModule, Module } from '@nestjs/common';
import { HEALTH_PATTERNS, type Pattern, ServiceName } from '@shop/contracts';
import { loadConfig, type ServiceConfig } from '@shop/server-config';
import type { ServiceDatabaseOptions } from '@shop/server-database';
import { createLogger } from '@shop/server-ops';
import type { z } from 'zod';
import { runService } from './bootstrap-service';
import { serviceInfrastructure } from './service-infrastructure';

/** What sets one NATS service apart from the others; everything else about starting it is the same. */
export interface ServiceDefinition {
  name: ServiceName;
  /** The service's own configuration schema (`catalogConfigSchema`...), read from the environment once at start-up. */
  configSchema: z.ZodType<ServiceConfig>;
  /** Its own Postgres schema, entities and migrations (the URL is its DATABASE_URL). */
  database: Omit<ServiceDatabaseOptions, 'url'>;
  /** Its feature modules; config and logger, its database, Redis, the queues and its health pattern come before them. */
  imports: NonNullable<DynamicModule['imports']>;
}

/** The health pattern each service answers (the gateway's health report asks all four). */
const HEALTH_PATTERN: Readonly<Record<ServiceName, Pattern>> = {
  [ServiceName.Catalog]: HEALTH_PATTERNS.catalog,
  [ServiceName.Order]: HEALTH_PATTERNS.order,
  [ServiceName.Payment]: HEALTH_PATTERNS.payment,
  [ServiceName.Notification]: HEALTH_PATTERNS.notification,
};

/** The root module of a service process. */
@Module({})
class ServiceAppModule {}

/**
 * A service's `main`: validates its configuration, makes its logger and runs it (`runService`) with the
 * infrastructure every service starts with. A start that fails prints why and exits with 1.
 */
export function startService(definition: ServiceDefinition): void {
  start(definition).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

async function start({ name, configSchema, database, imports }: ServiceDefinition): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger(name, config.LOG_LEVEL);
  const infrastructure = serviceInfrastructure({ config, logger, service: name, healthPattern: HEALTH_PATTERN[name], database });
  await runService({ name, module: { module: ServiceAppModule, imports: [...infrastructure, ...imports] }, config, logger });
}

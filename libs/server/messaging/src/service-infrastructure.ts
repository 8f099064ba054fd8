import type { DynamicModule } from '@nestjs/common';
import type { Pattern } from '@shop/contracts';
import { ServiceDatabaseModule, type ServiceDatabaseOptions } from '@shop/server-database';
import { QueueModule, RedisModule } from '@shop/server-queue';
import type { Logger } from 'pino';
import { type BaseConfig, redisCredentials } from '@shop/server-config';
import { CoreModule } from './core.module';
import { ServiceHealthModule } from './service-health.module';

export interface ServiceInfrastructureOptions {
  config: BaseConfig;
  logger: Logger;
  service: string;
  healthPattern: Pattern;
  /** Its own schema, entities and migrations (the URL is the config's DATABASE_URL). */
  database: Omit<ServiceDatabaseOptions, 'url'>;
}

/** The modules every service starts with: config and logger, its own schema with migrations run, Redis, the queue factory, health. */
export function serviceInfrastructure(options: ServiceInfrastructureOptions): DynamicModule[] {
  const { config } = options;
  return [
    CoreModule.forRoot(config, options.logger),
    ServiceDatabaseModule.forRoot({ url: config.DATABASE_URL, ...options.database }),
    RedisModule.forRoot(config.REDIS_URL, redisCredentials(config)),
    QueueModule.forRoot({ redisUrl: config.REDIS_URL, redisCredentials: redisCredentials(config), prefix: config.QUEUE_PREFIX, logger: options.logger }),
    ServiceHealthModule.forRoot({ pattern: options.healthPattern, service: options.service }),
  ];
}

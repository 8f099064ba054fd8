import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Pattern } from '@shop/contracts';
import { ensureSchema, initializeWithMigrations, serviceDataSourceOptions, type ServiceDatabaseOptions } from '@shop/server-database';
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
  schema: string;
  entities: ServiceDatabaseOptions['entities'];
  migrations: ServiceDatabaseOptions['migrations'];
  sessionSettings?: ServiceDatabaseOptions['sessionSettings'];
}

/** The modules every service starts with: config and logger, its own schema with migrations run, Redis, the queue factory, health. */
export function serviceInfrastructure(options: ServiceInfrastructureOptions): DynamicModule[] {
  const { config, schema } = options;
  return [
    CoreModule.forRoot(config, options.logger),
    TypeOrmModule.forRootAsync({
      useFactory: async () => {
        await ensureSchema(config.DATABASE_URL, schema);
        return {
          ...serviceDataSourceOptions({
            url: config.DATABASE_URL,
            schema,
            entities: options.entities,
            migrations: options.migrations,
            sessionSettings: options.sessionSettings,
          }),
          retryAttempts: 3,
          retryDelay: 1000,
        };
      },
      dataSourceFactory: (dsOptions) => initializeWithMigrations(dsOptions!),
    }),
    RedisModule.forRoot(config.REDIS_URL, redisCredentials(config)),
    QueueModule.forRoot({ redisUrl: config.REDIS_URL, redisCredentials: redisCredentials(config), prefix: config.QUEUE_PREFIX, logger: options.logger }),
    ServiceHealthModule.forRoot({ pattern: options.healthPattern, service: options.service }),
  ];
}

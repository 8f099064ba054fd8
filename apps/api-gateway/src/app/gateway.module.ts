import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { type AppConfig, CoreModule } from '@shop/server-core';
import { ensureSchema, initializeWithMigrations, serviceDataSourceOptions } from '@shop/server-database';
import { RedisModule } from '@shop/server-queue';
import type { Logger } from 'pino';
import { HealthController } from '../health/health.controller';
import { NatsClientModule } from '../nats/nats-client.module';
import { ProductsController } from '../products/products.controller';

/** The gateway owns the admin identity schema; everything else it asks the services for over NATS. */
export const GATEWAY_SCHEMA = 'identity';

@Module({})
export class GatewayModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        CoreModule.forRoot(config, logger),
        TypeOrmModule.forRootAsync({
          useFactory: async () => {
            await ensureSchema(config.DATABASE_URL, GATEWAY_SCHEMA);
            return {
              ...serviceDataSourceOptions({ url: config.DATABASE_URL, schema: GATEWAY_SCHEMA, entities: [], migrations: [] }),
              retryAttempts: 3,
              retryDelay: 1000,
            };
          },
          dataSourceFactory: (dsOptions) => initializeWithMigrations(dsOptions!),
        }),
        RedisModule.forRoot(config.REDIS_URL),
        NatsClientModule,
      ],
      controllers: [HealthController, ProductsController],
    };
  }
}

import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { initializeWithMigrations, serviceDataSourceOptions, type ServiceDatabaseOptions } from './database-options';
import { ensureSchema } from './ensure-schema';

/**
 * One server app's TypeORM connection: its own schema checked first, its migrations run under a lock, and a
 * few retries while Postgres comes up.
 */
@Module({})
export class ServiceDatabaseModule {
  static forRoot(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: ServiceDatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: async () => {
            await ensureSchema(options.url, options.schema);
            return { ...serviceDataSourceOptions(options), retryAttempts: 3, retryDelay: 1000 };
          },
          dataSourceFactory: (dsOptions) => initializeWithMigrations(dsOptions!),
        }),
      ],
    };
  }
}

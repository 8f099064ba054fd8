import type { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type EntityList = MixedList<Function | string | EntitySchema>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type MigrationList = MixedList<Function | string>;

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own schema; each service owns exactly one. */
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
  poolSize?: number;
}

/**
 * TypeORM options for one service: its own schema, migrations run on start, never `synchronize`.
 * Call `ensureSchema` before initialising so that the migrations table has a schema to live in.
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsRun: true,
    migrationsTableName: 'migrations',
    // Each migration runs in its own transaction; concurrent replicas serialise on the migrations lock.
    migrationsTransactionMode: 'each',
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    extra: { max: options.poolSize ?? 10, application_name: options.schema },
  };
}

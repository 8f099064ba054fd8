import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import { ResilientClient } from './resilient-client';
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
  /** Postgres settings for every connection of the pool (e.g. an extension's threshold). */
  sessionSettings?: Record<string, string | number>;
}

/**
 * TypeORM options for one service: its own schema, never `synchronize`. Migrations are run by
 * `initializeWithMigrations` (under a lock), not by TypeORM's `migrationsRun`.
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsRun: false,
    migrationsTableName: 'migrations',
    // Each migration runs in its own transaction.
    migrationsTransactionMode: 'each',
    synchronize: false,
    // Extensions are the bootstrap's (a superuser's) business; a service's role may not create them.
    installExtensions: false,
    namingStrategy: new SnakeNamingStrategy(),
    extra: {
      max: options.poolSize ?? 10,
      // The pool makes its connections with this class: a connection the server ends cannot crash the service.
      Client: ResilientClient,
      // Operators (and the fault drills) find a service's connections by name in pg_stat_activity.
      application_name: options.schema,
      options: Object.entries(options.sessionSettings ?? {})
        .map(([key, value]) => `-c ${key}=${value}`)
        .join(' ') || undefined,
    },
  };
}

/**
 * Creates the schema, connects, and runs pending migrations while holding a Postgres advisory lock,
 * so that replicas starting together migrate one after the other instead of racing.
 */
export async function initializeWithMigrations(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  const lockKey = `migrations:${String((options as { schema?: string }).schema ?? 'public')}`;
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
    }
  } finally {
    await runner.release();
  }
  return dataSource;
}

/**
 * A leaner start for every server app (issue 16, docs/performance.md "Memory per server app"). Each app's
 * `main.ts` imports this module first, before anything loads NestJS or TypeORM. It trims two things a
 * process loads at start but does not need yet:
 *
 * - **ICU, for one date formatter.** `@nestjs/common` builds an `Intl.DateTimeFormat` when its module loads,
 *   for the timestamps of its console logger (the apps log through pino and never use it). The first
 *   `Intl` object of a process pulls ICU's code and locale data in: about 6 MB of resident memory per
 *   process. Here that formatter is built on its first use instead ({@link deferDateTimeFormats}).
 * - **TypeORM's other drivers.** TypeORM's driver factory loads every driver it knows (MySQL, SQL Server,
 *   Oracle, SAP HANA, Spanner, CockroachDB, MongoDB, the SQLite family...) with their query runners. The
 *   shop only speaks to Postgres, so the others are registered as modules that refuse to be used
 *   ({@link skipUnusedTypeormDrivers}): about 1.5 MB of heap per process.
 *
 * Behaviour is unchanged: apps/catalog-service/test/lean-start.int.ts checks both against the build.
 */
import { dirname, join } from 'node:path';

/**
 * The TypeORM drivers the shop does not use: the file under `typeorm/driver/` and the class it exports.
 * Postgres (and Aurora Postgres, a thin subclass of it) stay as they are.
 */
export const UNUSED_TYPEORM_DRIVERS: Readonly<Record<string, string>> = {
  'aurora-mysql/AuroraMysqlDriver': 'AuroraMysqlDriver',
  'better-sqlite3/BetterSqlite3Driver': 'BetterSqlite3Driver',
  'capacitor/CapacitorDriver': 'CapacitorDriver',
  'cockroachdb/CockroachDriver': 'CockroachDriver',
  'cordova/CordovaDriver': 'CordovaDriver',
  'expo/ExpoDriverFactory': 'ExpoDriverFactory',
  'mongodb/MongoDriver': 'MongoDriver',
  'mysql/MysqlDriver': 'MysqlDriver',
  'nativescript/NativescriptDriver': 'NativescriptDriver',
  'oracle/OracleDriver': 'OracleDriver',
  'react-native/ReactNativeDriver': 'ReactNativeDriver',
  'sap/SapDriver': 'SapDriver',
  'spanner/SpannerDriver': 'SpannerDriver',
  'sqljs/SqljsDriver': 'SqljsDriver',
  'sqlite/SqliteDriver': 'SqliteDriver',
  'sqlserver/SqlServerDriver': 'SqlServerDriver',
};

/**
 * Puts a stand-in for each unused TypeORM driver into Node's module cache (`require.cache`, which Node lets
 * a program add entries to), so TypeORM's driver factory finds it there and never reads the real file.
 * A stand-in is a class whose constructor throws: a data source of another type fails at once with a clear
 * error. Returns the files it registered (none if TypeORM is already loaded, or not installed).
 */
export function skipUnusedTypeormDrivers(): string[] {
  let typeormIndex: string;
  try {
    typeormIndex = require.resolve('typeorm');
  } catch {
    return [];
  }
  if (require.cache[typeormIndex]) return []; // too late: the factory has loaded the real drivers
  const root = dirname(typeormIndex);
  const registered: string[] = [];
  for (const [file, className] of Object.entries(UNUSED_TYPEORM_DRIVERS)) {
    const filename = join(root, 'driver', `${file}.js`);
    if (require.cache[filename]) continue;
    const standIn = {
      [className]: class {
        constructor() {
          throw new Error(`TypeORM's ${className} is not loaded by the shop's servers, which speak only to Postgres (libs/server/core/src/lean-start.ts)`);
        }
      },
    };
    require.cache[filename] = {
      id: filename,
      filename,
      path: dirname(filename),
      exports: standIn,
      loaded: true,
      children: [],
      paths: [],
    } as unknown as NodeModule;
    registered.push(filename);
  }
  return registered;
}

/**
 * Runs `load` (a synchronous module load) with `Intl.DateTimeFormat` replaced by a deferring stand-in, then
 * puts the real constructor back. A formatter made while `load` runs is a proxy that builds the real one on
 * its first use and hands every property and method on to it; formatters made afterwards are real ones.
 */
export function deferDateTimeFormats<T>(load: () => T): T {
  const Real = Intl.DateTimeFormat;
  const deferred = function DeferredDateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    let real: Intl.DateTimeFormat | undefined;
    const formatter = () => (real ??= new Real(locales, options));
    return new Proxy(Object.create(Real.prototype) as Intl.DateTimeFormat, {
      get(_target, key) {
        const value: unknown = Reflect.get(formatter(), key);
        return typeof value === 'function' ? value.bind(formatter()) : value;
      },
    });
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(deferred, { supportedLocalesOf: Real.supportedLocalesOf.bind(Real) });
  Intl.DateTimeFormat = deferred;
  try {
    return load();
  } finally {
    Intl.DateTimeFormat = Real;
  }
}

skipUnusedTypeormDrivers();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded here, inside the deferral, on purpose
deferDateTimeFormats(() => require('@nestjs/common'));

// Types of db-roles.mjs for the TypeScript that imports it (the test harness).

/** One server app's Postgres role, the schema it owns, and the variable its password comes from. */
export interface DbRole {
  app: string;
  role: string;
  schema: string;
  passwordEnv: string;
  extensions?: string[];
}

export const DB_ROLES: DbRole[];

/** The database name of a postgres:// URL. */
export function databaseOf(url: string): string;

/** The URL an app connects with: the admin URL's host, port, database and options, the app's role and password. */
export function roleUrl(adminUrl: string, entry: DbRole, password?: string): string;

/** Each app's DATABASE_URL on the database of `adminUrl`, with the passwords found in `env`. */
export function appDatabaseUrls(adminUrl: string, env?: Record<string, string | undefined>): Record<string, string>;

/** Creates the database named in `url` if it does not exist; answers whether it created it. */
export function ensureDatabase(url: string): Promise<boolean>;

/** Drops the database named in `url`, closing its other sessions first (the tests clean up with it). */
export function dropDatabase(url: string): Promise<void>;

/** Creates (or repairs) the roles, their schemas and the rights on the database of `adminUrl` (a superuser's). */
export function bootstrapDatabase(adminUrl: string, options?: { env?: Record<string, string | undefined>; log?: (line: string) => void }): Promise<void>;

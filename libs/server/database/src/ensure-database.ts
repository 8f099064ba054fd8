import { ResilientClient as Client } from './resilient-client';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return name;
}

/** Creates the database named in `url` if it does not exist (connects to the `postgres` database to do so). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = assertIdentifier(decodeURIComponent(target.pathname.slice(1)));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${name}`).catch((err: { code?: string }) => {
        // 42P04: another process created it between our check and our create.
        if (err.code !== '42P04') throw err;
      });
    }
  } finally {
    await client.end();
  }
}

/** Drops a database, closing other sessions first; used to clean up after test runs. */
export async function dropDatabase(url: string): Promise<void> {
  const name = assertIdentifier(decodeURIComponent(new URL(url).pathname.slice(1)));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Makes sure a service's schema exists before its migrations run. The install's bootstrap
 * (`npm run db:bootstrap`) creates it owned by the service's role, which may not create schemas itself;
 * only a connection that may (a superuser's) creates a missing one here.
 */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [assertIdentifier(schema)]);
    if ((found.rowCount ?? 0) > 0) return;
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (err) {
    const code = (err as { code?: string }).code;
    // 42501: the role may not create schemas; the bootstrap was not run on this database.
    if (code === '42501') {
      throw new Error(`schema ${schema} does not exist and this role may not create it: run the database bootstrap (npm run db:bootstrap) first`, { cause: err });
    }
    // 23505/42P06: a replica starting at the same moment created it first.
    if (code !== '23505' && code !== '42P06') throw err;
  } finally {
    await client.end();
  }
}

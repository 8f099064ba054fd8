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

/** Creates a service's schema if it does not exist, so its migrations table has a home. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${assertIdentifier(schema)}`);
  } catch (err) {
    // 23505/42P06: a replica starting at the same moment created it first.
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw err;
  } finally {
    await client.end();
  }
}

import { ResilientClient as Client } from './resilient-client';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return name;
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

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
// The install's own database code (plain JavaScript, run by npm start before anything is built).
import { dropDatabase, ensureDatabase } from '../../../../scripts/lib/db-roles.mjs';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The Postgres server tests use; override with TEST_DATABASE_URL (any database name, it is replaced). */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** A database of its own for one test file, created empty; drop() removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = new URL(testServerUrl());
  url.pathname = `/shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const dbUrl = url.toString();
  await ensureDatabase(dbUrl);
  return { url: dbUrl, drop: () => dropDatabase(dbUrl) };
}

const WORKSPACE = resolve(__dirname, '../../../..');

/**
 * Runs the install's bootstrap (scripts/db-bootstrap.mjs) on a test database: the shop's roles (shared by
 * every database of the cluster, see docs/architecture.md) get their schemas there. Answers each app's
 * DATABASE_URL, as its own role, without a password (the test server trusts local connections).
 */
export async function bootstrapTestDatabase(url: string): Promise<Record<string, string>> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATABASE_ADMIN_URL: url };
  const { stdout } = await promisify(execFile)(process.execPath, [join(WORKSPACE, 'scripts/db-bootstrap.mjs'), '--env-only', '--print-urls'], {
    cwd: WORKSPACE,
    env,
  });
  return JSON.parse(stdout) as Record<string, string>;
}

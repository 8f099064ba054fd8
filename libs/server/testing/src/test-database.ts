import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '@shop/server-database';

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

import type { UpDown } from '@shop/contracts';
import type { DataSource } from 'typeorm';

/** Answers 'up' when Postgres runs a trivial query within the time given. */
export async function pingPostgres(dataSource: DataSource, timeoutMs = 1000): Promise<UpDown> {
  if (!dataSource.isInitialized) return 'down';
  try {
    await Promise.race([
      dataSource.query('SELECT 1'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
    ]);
    return 'up';
  } catch {
    return 'down';
  }
}

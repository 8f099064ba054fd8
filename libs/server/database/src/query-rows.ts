import type { EntityManager } from 'typeorm';

/**
 * Runs SQL and answers its rows. TypeORM's postgres driver answers `[rows, rowCount]` for UPDATE and
 * DELETE but plain rows for SELECT and INSERT; this evens that out so `RETURNING` rows are never
 * mistaken for the pair.
 */
export async function queryRows<T = Record<string, unknown>>(em: Pick<EntityManager, 'query'>, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await em.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

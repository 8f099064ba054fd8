import type { ProductQuery } from '@shop/rules';
import { PRODUCT_PAGE_SIZE } from '@shop/rules';

/**
 * How close a misspelt word must be to a word of the product (pg_trgm word similarity); set on every
 * catalog connection so that the indexed `<%` operator uses it.
 */
export const TYPO_THRESHOLD = 0.45;
const MAX_TOKENS = 6;

/** Turns free text into at most a few tokens of letters, digits and . ' - (so no LIKE wildcards). */
export function searchTokens(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .toLowerCase()
    .split(/[\s,;]+/)
    .map((t) => t.replace(/[^\p{L}\p{N}.'-]/gu, ''))
    .filter((t) => t.length > 0)
    .slice(0, MAX_TOKENS);
}

export interface SearchSql {
  sql: string;
  params: unknown[];
  /** The same filter without paging, for counting past the last page. */
  countSql: string;
  countParams: unknown[];
}

/** The one SQL statement behind search, filter, sort and paging (exported for the benchmark's baseline). */
export function buildSearchSql(query: ProductQuery, options: { onlyOutOfStock?: boolean } = {}): SearchSql {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = ['p.deleted_at IS NULL'];
  const scores: string[] = [];
  for (const token of searchTokens(query.q)) {
    const t = `catalog.search_normalize(${param(token)})`;
    // A token matches as a substring, or as a word within a small typo distance; both use the trigram index.
    where.push(`(p.search_text LIKE '%' || ${t} || '%' OR ${t} OPERATOR(public.<%) p.search_text)`);
    scores.push(`public.word_similarity(${t}, p.search_text)`);
  }
  if (query.type && query.type.toLowerCase() !== 'all') where.push(`lower(p.type) = lower(${param(query.type)})`);
  if (options.onlyOutOfStock) where.push('p.count_in_stock < 1');

  const order =
    query.sort === 'trending'
      ? 'p.purchases DESC, p.created_at DESC'
      : query.sort === 'newest' || scores.length === 0
        ? 'p.created_at DESC, p.id'
        : `(${scores.join(' + ')}) DESC, p.purchases DESC, p.id`;
  const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  const filterParams = [...params];
  const sql = `SELECT p.id, p.name, p.price_cents, p.oldprice_cents, p.image, p.subimages, p.description, p.count_in_stock,
            p.promotext, p.type, p.purchases, p.rating, p.num_reviews, p.created_at, count(*) OVER () AS total
       FROM catalog.products p
      WHERE ${where.join(' AND ')}
      ORDER BY ${order}
      LIMIT ${param(pageSize)} OFFSET ${param(offset)}`;
  return {
    sql,
    params,
    countSql: `SELECT count(*)::int AS n FROM catalog.products p WHERE ${where.join(' AND ')}`,
    countParams: filterParams,
  };
}

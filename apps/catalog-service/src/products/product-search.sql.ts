import type { ProductQuery } from '@shop/rules';
import { PRODUCT_PAGE_SIZE } from '@shop/rules';

/**
 * How alike a misspelt word and a word of the catalogue must be (pg_trgm similarity); set on every
 * catalog connection so that the indexed `%` operator uses it.
 */
export const TYPO_THRESHOLD = 0.4;
/** At most this many catalogue words stand in for one misspelt word. */
const ALTERNATIVES_PER_TOKEN = 8;
const MAX_TOKENS = 6;

/** Turns free text into at most a few tokens of letters and digits (a decimal point kept inside numbers). */
export function searchTokens(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .map((t) => t.replace(/^\.+|\.+$/g, ''))
    .filter((t) => t.length > 0)
    .slice(0, MAX_TOKENS);
}

export interface SearchOptions {
  /** Only products with stock below 1 (the restock list). */
  onlyOutOfStock?: boolean;
  /**
   * Only products at or below the shop's low-stock threshold (`defaultThreshold` before the settings exist), those
   * at 0 included, fewest first unless searched (the restock screen, issue 26).
   */
  atMostLowStock?: { defaultThreshold: number };
  /** Also the products the owner keeps out of the shop (the owner's own lists); shoppers never see them (issue 26). */
  includeHidden?: boolean;
}

export interface SearchSql {
  sql: string;
  params: unknown[];
  /** The same filter without paging, for counting past the last page. */
  countSql: string;
  countParams: unknown[];
}

/**
 * The one SQL statement behind search, filter, sort and paging (exported for the benchmark's baseline).
 * Each token becomes "the token as a word prefix, or a catalogue word a small typo away"; all tokens must
 * match. Products are found through the full-text index; exact matches rank above typo matches.
 */
export function buildSearchSql(query: ProductQuery, options: SearchOptions = {}): SearchSql {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const tokens = searchTokens(query.q);
  const where: string[] = ['p.deleted_at IS NULL'];
  let ctes = '';
  let from = 'catalog.products p';
  if (tokens.length > 0) {
    const t = param(tokens);
    ctes = `WITH tok AS (
        SELECT ord, catalog.search_normalize(token) AS token FROM unnest(${t}::text[]) WITH ORDINALITY AS u(token, ord)
      ), alt AS (
        SELECT tok.ord,
               '(' || quote_literal(tok.token) || ':*' || coalesce(' | ' || string_agg(quote_literal(w.word), ' | '), '') || ')' AS any_q,
               quote_literal(tok.token) || ':*' AS exact_q
          FROM tok LEFT JOIN LATERAL (
            SELECT word FROM catalog.search_words
             WHERE word OPERATOR(public.%) tok.token
             ORDER BY word OPERATOR(public.<->) tok.token LIMIT ${ALTERNATIVES_PER_TOKEN}
          ) w ON true
         GROUP BY tok.ord, tok.token
      ), q AS (
        SELECT to_tsquery('simple', string_agg(any_q, ' & ')) AS any_q, to_tsquery('simple', string_agg(exact_q, ' & ')) AS exact_q FROM alt
      )
      `;
    from = 'catalog.products p CROSS JOIN q';
    where.push('p.search_vector @@ q.any_q');
  }
  if (!options.includeHidden) where.push('p.visible');
  if (query.type && query.type.toLowerCase() !== 'all') where.push(`lower(p.type) = lower(${param(query.type)})`);
  // A product with options is listed when one of its variants on sale is out (or low): its sum may hide it (issue 28).
  if (options.onlyOutOfStock) where.push(`(p.count_in_stock < 1 OR ${variantStockAtMost('0')})`);
  if (options.atMostLowStock) {
    const fallback = param(options.atMostLowStock.defaultThreshold);
    const threshold = `COALESCE((SELECT low_stock_threshold FROM catalog.site_settings WHERE singleton), ${fallback}::int)`;
    where.push(`(p.count_in_stock <= ${threshold} OR ${variantStockAtMost(threshold)})`);
  }

  const order =
    options.atMostLowStock && tokens.length === 0
      ? 'p.count_in_stock, p.created_at DESC, p.id'
      : query.sort === 'trending'
      ? 'p.purchases DESC, p.created_at DESC'
      : query.sort === 'newest' || tokens.length === 0
        ? 'p.created_at DESC, p.id'
        : '(p.search_vector @@ q.exact_q) DESC, ts_rank(p.search_vector, q.any_q) DESC, p.purchases DESC, p.id';
  const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  const filterParams = [...params];
  const sql = `${ctes}SELECT p.id, p.name, p.price_cents, p.max_price_cents, p.oldprice_cents, p.image, p.subimages, p.description, p.count_in_stock,
            p.promotext, p.type, p.purchases, p.visible, p.rating, p.num_reviews, p.created_at, count(*) OVER () AS total
       FROM ${from}
      WHERE ${where.join(' AND ')}
      ORDER BY ${order}
      LIMIT ${param(pageSize)} OFFSET ${param(offset)}`;
  return {
    sql,
    params,
    countSql: `${ctes}SELECT count(*)::int AS n FROM ${from} WHERE ${where.join(' AND ')}`,
    countParams: filterParams,
  };
}

/** Whether one of the product's variants on sale has at most `max` in stock. */
function variantStockAtMost(max: string): string {
  return `EXISTS (SELECT 1 FROM catalog.product_variants v WHERE v.product_id = p.id AND v.active AND v.deleted_at IS NULL AND v.count_in_stock <= ${max})`;
}

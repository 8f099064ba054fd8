import { ADMIN_PRODUCT_PAGE_SIZE, type AdminProductQuery, type AdminProductSort } from '@shop/rules';
import type { SearchSql } from './product-search.sql';

/** Each sort of the owner's list; the id last, so that pages never overlap. */
const ORDER_BY: Record<AdminProductSort, string> = {
  newest: 'p.created_at DESC, p.id',
  name: 'lower(p.name), p.id',
  'price-low': 'p.price_cents, lower(p.name), p.id',
  'price-high': 'p.price_cents DESC, lower(p.name), p.id',
  'stock-low': 'p.count_in_stock, lower(p.name), p.id',
  'stock-high': 'p.count_in_stock DESC, lower(p.name), p.id',
};

/** Words of the owner's search, at most a few; each must be found in the name or the type. */
function words(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/).filter(Boolean).slice(0, 6);
}

/** A word for LIKE: its wildcards taken literally. */
function likeEscaped(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The owner's product list (issue 26) in one statement: hidden products included, each search word found in the name
 * or the type (ignoring case and accents), filtered by type, stock (`low` is 1 up to `threshold`) and visibility,
 * sorted and paged, counted in the same query; each with its live variants counted (0 without options, issue 28).
 */
export function buildAdminListSql(query: AdminProductQuery, threshold: number): SearchSql {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['p.deleted_at IS NULL'];
  for (const word of words(query.q)) {
    const like = `'%' || catalog.search_normalize(${param(likeEscaped(word))}) || '%'`;
    where.push(`(catalog.search_normalize(p.name) LIKE ${like} OR catalog.search_normalize(p.type) LIKE ${like})`);
  }
  if (query.type) where.push(`lower(p.type) = lower(${param(query.type)})`);
  if (query.stock === 'in') where.push('p.count_in_stock >= 1');
  if (query.stock === 'out') where.push('p.count_in_stock < 1');
  if (query.stock === 'low') where.push(`p.count_in_stock BETWEEN 1 AND ${param(threshold)}`);
  if (query.visibility === 'visible') where.push('p.visible');
  if (query.visibility === 'hidden') where.push('NOT p.visible');

  const filterParams = [...params];
  const pageSize = query.pageSize ?? ADMIN_PRODUCT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  const filter = where.join(' AND ');
  return {
    sql: `SELECT p.id, p.name, p.price_cents, p.max_price_cents, p.oldprice_cents, p.image, p.subimages, p.description, p.count_in_stock,
                 p.promotext, p.type, p.purchases, p.visible, p.rating, p.num_reviews, p.created_at, count(*) OVER () AS total,
                 CASE WHEN jsonb_array_length(p.options) = 0 THEN 0
                      ELSE (SELECT count(*)::int FROM catalog.product_variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL) END AS variant_count
            FROM catalog.products p
           WHERE ${filter}
           ORDER BY ${ORDER_BY[query.sort ?? 'newest']}
           LIMIT ${param(pageSize)} OFFSET ${param(offset)}`,
    params,
    countSql: `SELECT count(*)::int AS n FROM catalog.products p WHERE ${filter}`,
    countParams: filterParams,
  };
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ProductQuery } from '@shop/rules';
import { PRODUCT_PAGE_SIZE } from '@shop/rules';
import type { DataSource } from 'typeorm';
import { ProductEntity } from './product.entity';

/**
 * How close a misspelt word must be to a word of the product (pg_trgm word similarity); set on every
 * catalog connection so that the indexed `<%` operator uses it.
 */
export const TYPO_THRESHOLD = 0.45;
const MAX_TOKENS = 6;

export interface SearchResult {
  rows: ProductEntity[];
  total: number;
}

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

/** Search, filter, sort and page products in one indexed Postgres query. */
@Injectable()
export class ProductSearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(query: ProductQuery, options: { onlyOutOfStock?: boolean } = {}): Promise<SearchResult> {
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

    const raw: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT p.id, p.name, p.price_cents, p.oldprice_cents, p.image, p.subimages, p.description, p.count_in_stock,
              p.promotext, p.type, p.purchases, p.rating, p.num_reviews, p.created_at, count(*) OVER () AS total
         FROM catalog.products p
        WHERE ${where.join(' AND ')}
        ORDER BY ${order}
        LIMIT ${param(pageSize)} OFFSET ${param(offset)}`,
      params,
    );
    let total = raw.length > 0 ? Number(raw[0].total) : 0;
    if (raw.length === 0 && offset > 0) {
      // Past the last page: the window count is unavailable, so count separately.
      const [{ n }] = await this.dataSource.query(
        `SELECT count(*)::int AS n FROM catalog.products p WHERE ${where.join(' AND ')}`,
        params.slice(0, params.length - 2),
      );
      total = n;
    }
    return { rows: raw.map(toEntity), total };
  }
}

function toEntity(row: Record<string, unknown>): ProductEntity {
  return Object.assign(new ProductEntity(), {
    id: row.id,
    name: row.name,
    priceCents: row.price_cents,
    oldpriceCents: row.oldprice_cents,
    image: row.image,
    subimages: row.subimages,
    description: row.description,
    countInStock: row.count_in_stock,
    promotext: row.promotext,
    type: row.type,
    purchases: row.purchases,
    rating: Number(row.rating),
    numReviews: row.num_reviews,
    createdAt: row.created_at,
  });
}

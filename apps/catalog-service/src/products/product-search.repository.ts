import { Injectable } from '@nestjs/common';
import type { ProductQuery } from '@shop/rules';
import { TransactionContext } from '@shop/server-database';
import { ProductEntity } from './product.entity';
import { buildSearchSql, type SearchOptions } from './product-search.sql';

export interface SearchResult {
  rows: ProductEntity[];
  total: number;
}

/** Search, filter, sort and page products in one indexed Postgres query. */
@Injectable()
export class ProductSearchRepository {
  constructor(private readonly tx: TransactionContext) {}

  async search(query: ProductQuery, options: SearchOptions = {}): Promise<SearchResult> {
    const built = buildSearchSql(query, options);
    const raw: Array<Record<string, unknown>> = await this.tx.db().query(built.sql, built.params);
    let total = raw.length > 0 ? Number(raw[0].total) : 0;
    if (raw.length === 0 && (query.page ?? 1) > 1) {
      // Past the last page the window count is unavailable, so count separately.
      const [{ n }] = await this.tx.db().query(built.countSql, built.countParams);
      total = n;
    }
    return { rows: raw.map(rowToProductEntity), total };
  }
}

/** A raw products row as an entity (snake_case columns to the entity's fields). */
export function rowToProductEntity(row: Record<string, unknown>): ProductEntity {
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

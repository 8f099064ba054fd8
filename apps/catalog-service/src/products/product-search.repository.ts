import { Injectable } from '@nestjs/common';
import type { AdminProductQuery, ProductQuery } from '@shop/rules';
import { TransactionContext } from '@shop/server-database';
import { ProductEntity } from './product.entity';
import { buildAdminListSql } from './product-admin-list.sql';
import { buildSearchSql, type SearchOptions, type SearchSql } from './product-search.sql';

export interface SearchResult {
  rows: ProductEntity[];
  total: number;
}

/** Search, filter, sort and page products in one indexed Postgres query. */
@Injectable()
export class ProductSearchRepository {
  constructor(private readonly tx: TransactionContext) {}

  async search(query: ProductQuery, options: SearchOptions = {}): Promise<SearchResult> {
    return this.run(buildSearchSql(query, options), query.page);
  }

  /**
   * The owner's list (issue 26), hidden products included; `threshold` is what "low" stock means. `variantCounts`
   * holds each row's live variants, 0 for a product without options (issue 28).
   */
  async adminList(query: AdminProductQuery, threshold: number): Promise<SearchResult & { variantCounts: number[] }> {
    const { raw, ...result } = await this.run(buildAdminListSql(query, threshold), query.page);
    return { ...result, variantCounts: raw.map((r) => Number(r.variant_count)) };
  }

  private async run(built: SearchSql, page: number | undefined): Promise<SearchResult & { raw: Array<Record<string, unknown>> }> {
    const raw: Array<Record<string, unknown>> = await this.tx.db().query(built.sql, built.params);
    let total = raw.length > 0 ? Number(raw[0].total) : 0;
    if (raw.length === 0 && (page ?? 1) > 1) {
      // Past the last page the window count is unavailable, so count separately.
      const [{ n }] = await this.tx.db().query(built.countSql, built.countParams);
      total = n;
    }
    return { rows: raw.map(rowToProductEntity), total, raw };
  }
}

/** A raw products row as an entity (snake_case columns to the entity's fields). */
export function rowToProductEntity(row: Record<string, unknown>): ProductEntity {
  return Object.assign(new ProductEntity(), {
    id: row.id,
    name: row.name,
    priceCents: row.price_cents,
    maxPriceCents: row.max_price_cents,
    oldpriceCents: row.oldprice_cents,
    image: row.image,
    subimages: row.subimages,
    description: row.description,
    countInStock: row.count_in_stock,
    promotext: row.promotext,
    type: row.type,
    purchases: row.purchases,
    visible: row.visible,
    rating: Number(row.rating),
    numReviews: row.num_reviews,
    createdAt: row.created_at,
  });
}

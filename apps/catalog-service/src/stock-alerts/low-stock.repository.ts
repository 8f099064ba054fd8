import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import type { ProductEntity } from '../products/product.entity';
import { rowToProductEntity } from '../products/product-search.repository';

const LIST_LIMIT = 100;

/** The dashboard's low-stock list: products on sale with 1 to `threshold` left, fewest first. */
@Injectable()
export class LowStockRepository {
  constructor(private readonly tx: TransactionContext) {}

  async threshold(): Promise<number> {
    const [row] = await this.tx.db().query('SELECT low_stock_threshold FROM catalog.site_settings WHERE singleton LIMIT 1');
    return row ? Number(row.low_stock_threshold) : 3;
  }

  async products(threshold: number): Promise<ProductEntity[]> {
    const rows: Array<Record<string, unknown>> = await this.tx.db().query(
      `SELECT p.id, p.name, p.price_cents, p.max_price_cents, p.oldprice_cents, p.image, p.subimages, p.description, p.count_in_stock,
              p.promotext, p.type, p.purchases, p.visible, p.rating, p.num_reviews, p.created_at
         FROM catalog.products p
        WHERE p.deleted_at IS NULL AND p.count_in_stock BETWEEN 1 AND $1
        ORDER BY p.count_in_stock, p.name, p.id
        LIMIT ${LIST_LIMIT}`,
      [threshold],
    );
    return rows.map(rowToProductEntity);
  }
}

import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import { VARIANT_SUMMARY_COLUMNS } from '../products/variant-summary';

const LIST_LIMIT = 100;

/** The dashboard's low-stock list: variants on sale with 1 to `threshold` left, fewest first (issue 28: per variant). */
@Injectable()
export class LowStockRepository {
  constructor(private readonly tx: TransactionContext) {}

  async threshold(): Promise<number> {
    const [row] = await this.tx.db().query('SELECT low_stock_threshold FROM catalog.site_settings WHERE singleton LIMIT 1');
    return row ? Number(row.low_stock_threshold) : 3;
  }

  /** Rows of `VARIANT_SUMMARY_COLUMNS`: a product without options is its implicit variant, so it reads as before. */
  async variants(threshold: number): Promise<Array<Record<string, unknown>>> {
    return this.tx.db().query(
      `SELECT ${VARIANT_SUMMARY_COLUMNS}
         FROM catalog.product_variants v JOIN catalog.products p ON p.id = v.product_id
        WHERE p.deleted_at IS NULL AND v.deleted_at IS NULL AND v.active AND v.count_in_stock BETWEEN 1 AND $1
        ORDER BY v.count_in_stock, p.name, p.id, v.position, v.id
        LIMIT ${LIST_LIMIT}`,
      [threshold],
    );
  }
}

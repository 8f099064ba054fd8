import { Injectable } from '@nestjs/common';
import { StockMovementKind } from '@shop/contracts';
import { queryRows, TransactionContext } from '@shop/server-database';

/** A product as the CSV file shows it. */
export interface ProductCsvDbRow {
  id: string;
  name: string;
  type: string;
  price_cents: number;
  oldprice_cents: number;
  count_in_stock: number;
  deleted: boolean;
  /** Its price and stock are its variants' (issue 28): a row of the file cannot set them. */
  has_options: boolean;
}

const COLUMNS = "id, name, type, price_cents, oldprice_cents, count_in_stock, deleted_at IS NOT NULL AS deleted, options <> '[]'::jsonb AS has_options";

/** The SQL of the products file (issue 26): the export, and the import's reads and writes in the caller's transaction. */
@Injectable()
export class ProductCsvRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** Every product on the books (deleted ones left out), by type then name. */
  async all(): Promise<ProductCsvDbRow[]> {
    return queryRows<ProductCsvDbRow>(this.tx.db(), `SELECT ${COLUMNS} FROM catalog.products WHERE deleted_at IS NULL ORDER BY type, name, id`, []);
  }

  /**
   * The products an import names, deleted ones too (to say why they are refused). With `lock`, their rows stay
   * locked until the transaction ends (in id order, as reservations take them, and before their variants are
   * written), so what is compared is what is written.
   */
  async named(ids: string[], lock: boolean): Promise<ProductCsvDbRow[]> {
    if (ids.length === 0) return [];
    return queryRows<ProductCsvDbRow>(
      this.tx.db(),
      `SELECT ${COLUMNS} FROM catalog.products WHERE id = ANY($1::uuid[]) ORDER BY id${lock ? ' FOR NO KEY UPDATE' : ''}`,
      [ids],
    );
  }

  /** Sets the price of a product without options: its implicit variant's (the database keeps the product's figure). */
  async setPrice(id: string, priceCents: number): Promise<void> {
    await this.tx.db().query('UPDATE catalog.product_variants SET price_cents = $2, updated_at = now() WHERE id = $1 AND product_id = $1', [id, priceCents]);
  }

  /**
   * Sets the stock of a product without options (its implicit variant's) and records the movement (kind 'import', the
   * change, the stock after, why and who) in one statement.
   */
  async setStock(id: string, count: number, change: number, reason: string, actor: string): Promise<void> {
    await this.tx.db().query(
      `WITH changed AS (
         UPDATE catalog.product_variants SET count_in_stock = $2, updated_at = now() WHERE id = $1 AND product_id = $1
         RETURNING id, product_id, count_in_stock
       )
       INSERT INTO catalog.stock_movements (product_id, variant_id, kind, change, count_after, reason, actor)
       SELECT product_id, id, '${StockMovementKind.Import}', $3, count_in_stock, $4, $5 FROM changed`,
      [id, count, change, reason, actor],
    );
  }
}

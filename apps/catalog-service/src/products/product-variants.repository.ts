import { Injectable } from '@nestjs/common';
import { TransactionContext } from '@shop/server-database';
import type { VariantRow, VariantWrite } from './variant-plan';

const COLUMNS = `id, value_ids AS "valueIds", sku, price_cents AS "priceCents", oldprice_cents AS "oldpriceCents",
                 count_in_stock AS "countInStock", image, active, position, deleted_at IS NOT NULL AS deleted`;

/**
 * A product's variants (`catalog.product_variants`, issue 28); joins the current transaction. Writers lock the
 * product's row first (ProductsRepository.lock): the variants' trigger then keeps the product's figures.
 */
@Injectable()
export class ProductVariantsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** The product's live variants in the shop's order; only those on sale unless `includeInactive`. */
  async liveOf(productId: string, includeInactive: boolean): Promise<VariantRow[]> {
    return this.tx.db().query(
      `SELECT ${COLUMNS} FROM catalog.product_variants
        WHERE product_id = $1 AND deleted_at IS NULL ${includeInactive ? '' : 'AND active'}
        ORDER BY position, created_at, id`,
      [productId],
    );
  }

  /** Every variant the product ever had, removed ones included (a removed implicit variant can come back). */
  async allOf(productId: string): Promise<VariantRow[]> {
    return this.tx.db().query(`SELECT ${COLUMNS} FROM catalog.product_variants WHERE product_id = $1 ORDER BY position, created_at, id`, [productId]);
  }

  /** The orders whose open (reserved) stock names one of these variants, with each variant an order holds. */
  async ordersHolding(variantIds: string[]): Promise<Array<{ orderId: string; variantId: string }>> {
    const rows: Array<{ order_id: string; variant_id: string }> = await this.tx.db().query(
      `SELECT DISTINCT order_id, variant_id FROM catalog.stock_reservations WHERE variant_id = ANY($1::uuid[]) AND status = 'reserved' ORDER BY order_id, variant_id`,
      [variantIds],
    );
    return rows.map((r) => ({ orderId: r.order_id, variantId: r.variant_id }));
  }

  /** Which of these SKUs a live variant of another product already has. */
  async skusTakenElsewhere(productId: string, skus: string[]): Promise<string[]> {
    const rows: Array<{ sku: string }> = await this.tx.db().query(
      `SELECT sku FROM catalog.product_variants WHERE sku = ANY($2::text[]) AND product_id <> $1 AND deleted_at IS NULL ORDER BY sku`,
      [productId, skus],
    );
    return rows.map((r) => r.sku);
  }

  /** Removes variants from sale for good, keeping their rows for the orders and stock movements that name them. */
  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.tx.db().query(`UPDATE catalog.product_variants SET deleted_at = now(), active = false, updated_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Writes the variants: rows named by id are updated (and come back if removed), the others are inserted. */
  async write(productId: string, writes: VariantWrite[]): Promise<void> {
    for (const w of writes) {
      const values = [w.valueIds, w.sku, w.priceCents, w.oldpriceCents, w.countInStock, w.image, w.active, w.position];
      if (w.id) {
        await this.tx.db().query(
          `UPDATE catalog.product_variants
              SET (value_ids, sku, price_cents, oldprice_cents, count_in_stock, image, active, position, deleted_at, updated_at)
                = ($3, $4, $5, $6, $7, $8, $9, $10, NULL, now())
            WHERE id = $1 AND product_id = $2
              AND (value_ids, sku, price_cents, oldprice_cents, count_in_stock, image, active, position, deleted_at)
                  IS DISTINCT FROM ($3, $4, $5, $6, $7, $8, $9, $10, NULL)`,
          [w.id, productId, ...values],
        );
      } else {
        await this.tx.db().query(
          `INSERT INTO catalog.product_variants (product_id, value_ids, sku, price_cents, oldprice_cents, count_in_stock, image, active, position)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [productId, ...values],
        );
      }
    }
  }

  /** Sets one price on every live variant of the product (the grid's "set all prices"). */
  async setAllPrices(productId: string, priceCents: number): Promise<void> {
    await this.tx.db().query(
      `UPDATE catalog.product_variants SET price_cents = $2, updated_at = now() WHERE product_id = $1 AND deleted_at IS NULL AND price_cents <> $2`,
      [productId, priceCents],
    );
  }

  /**
   * Adds `qty` to every live variant's stock, each with its restock movement (the grid's "add 10 to all stock"), in one
   * statement; answers how many variants changed, none when one would pass `max`.
   */
  async addToAllStock(productId: string, qty: number, max: number, actor: string): Promise<number> {
    const rows = await this.tx.db().query(
      `WITH changed AS (
         UPDATE catalog.product_variants SET count_in_stock = count_in_stock + $2, updated_at = now()
          WHERE product_id = $1 AND deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM catalog.product_variants WHERE product_id = $1 AND deleted_at IS NULL AND count_in_stock + $2 > $3)
          RETURNING id, product_id, count_in_stock
       )
       INSERT INTO catalog.stock_movements (product_id, variant_id, kind, change, count_after, reason, actor)
       SELECT product_id, id, 'restock', $2, count_in_stock, 'Added to every variant', $4 FROM changed
       RETURNING id`,
      [productId, qty, max, actor],
    );
    return rows.length;
  }
}

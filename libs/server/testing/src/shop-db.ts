import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/** The superuser's connection to a stack's database (any schema), with the fixtures and reads the tests share. */
export class ShopDb extends Client {
  /** Connects to a stack's database (its DATABASE_URL is the superuser's). */
  static async connect(stack: { env: Record<string, string> }): Promise<ShopDb> {
    const db = new ShopDb({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    return db;
  }

  /** A new lip balm with this stock and price, straight into the catalog. */
  async product(stock: number, priceCents = 2500): Promise<{ id: string; name: string }> {
    const name = `Test balm ${randomUUID().slice(0, 8)}`;
    const { rows } = await this.query(
      `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
       VALUES ($1, $2, '/api/files/demo/mango-lip-balm.svg', 'A test balm', $3, 'Lip Balm') RETURNING id`,
      [name, priceCents, stock],
    );
    return { id: rows[0].id, name };
  }

  /**
   * A new product with one option (issue 28), one variant per value, as the owner's product write makes it: the
   * product locked first, its options set, its implicit variant (id = product id) the first value, the others new rows.
   * Answers the product and its variants' ids in the values' order.
   */
  async productWithOptions(
    option: string,
    variants: Array<{ label: string; stock: number; priceCents: number }>,
  ): Promise<{ id: string; name: string; variants: Array<{ id: string; label: string }> }> {
    const product = await this.product(variants[0].stock, variants[0].priceCents);
    const values = variants.map((v, i) => ({ id: `v${i + 1}`, label: v.label }));
    await this.query('BEGIN');
    try {
      await this.query('SELECT 1 FROM catalog.products WHERE id = $1 FOR NO KEY UPDATE', [product.id]);
      await this.query('UPDATE catalog.products SET options = $2 WHERE id = $1', [product.id, JSON.stringify([{ id: 'o1', name: option, values }])]);
      await this.query(`UPDATE catalog.product_variants SET value_ids = ARRAY['v1'] WHERE id = $1`, [product.id]);
      const ids = [product.id];
      for (const [i, v] of variants.entries()) {
        if (i === 0) continue;
        const { rows } = await this.query(
          `INSERT INTO catalog.product_variants (product_id, value_ids, price_cents, count_in_stock, position)
           VALUES ($1, ARRAY[$2], $3, $4, $5) RETURNING id`,
          [product.id, values[i].id, v.priceCents, v.stock, i],
        );
        ids.push(rows[0].id);
      }
      await this.query('COMMIT');
      return { ...product, variants: ids.map((id, i) => ({ id, label: variants[i].label })) };
    } catch (err) {
      await this.query('ROLLBACK');
      throw err;
    }
  }

  /** A variant's stock, sales and low-stock flag (issue 28). */
  async variantStock(id: string): Promise<{ count_in_stock: number; purchases: number; low_stock_alerted: boolean }> {
    const { rows } = await this.query('SELECT count_in_stock, purchases, low_stock_alerted FROM catalog.product_variants WHERE id = $1', [id]);
    return rows[0];
  }

  async stock(id: string): Promise<{ count_in_stock: number; purchases: number }> {
    const { rows } = await this.query('SELECT count_in_stock, purchases FROM catalog.products WHERE id = $1', [id]);
    return rows[0];
  }

  async orderCount(): Promise<number> {
    const { rows } = await this.query('SELECT count(*)::int AS n FROM orders.orders');
    return rows[0].n;
  }

  async reservation(orderId: string): Promise<string | undefined> {
    const { rows } = await this.query('SELECT status FROM catalog.stock_reservations WHERE order_id = $1 LIMIT 1', [orderId]);
    return rows[0]?.status;
  }

  /**
   * Products whose figures are not what their variants make them (`catalog.product_variant_figures`, issue 28), and
   * products without options that are not exactly their one implicit variant: empty when nothing drifted.
   */
  async variantDrift(): Promise<Array<{ id: string; product: string; variants: string | null }>> {
    const figures = (alias: string) => DRIFT_FIGURES.map((column) => `${alias}.${column}`).join(', ');
    const { rows } = await this.query(`
      SELECT p.id, row(${figures('p')})::text AS product, row(${figures('f')})::text AS variants
        FROM catalog.products p LEFT JOIN catalog.product_variant_figures f ON f.product_id = p.id
       WHERE f.product_id IS NULL
          OR (${figures('p')}) IS DISTINCT FROM (${figures('f')})
          OR (p.options = '[]' AND (p.low_stock_alerted IS DISTINCT FROM f.low_stock_alerted
              OR (SELECT array_agg(v.id) FROM catalog.product_variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL) IS DISTINCT FROM ARRAY[p.id]))
       ORDER BY p.id`);
    return rows;
  }

  close(): Promise<void> {
    return this.end();
  }
}

/**
 * The figures a product keeps from its variants. The low-stock flag is compared only for products without options:
 * for the others the products' own clear-on-restock trigger may lower it while a variant's is still up.
 */
const DRIFT_FIGURES = ['price_cents', 'max_price_cents', 'oldprice_cents', 'count_in_stock', 'purchases'];

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

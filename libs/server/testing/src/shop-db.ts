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

  close(): Promise<void> {
    return this.end();
  }
}

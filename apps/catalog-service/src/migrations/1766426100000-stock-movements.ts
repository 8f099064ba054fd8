import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26: the inventory history. Each stock change the owner makes by hand (the restock screen's "+N") is a
 * row here, written by the same statement that changes the product's stock: who, how many, why, when, and the
 * stock after it. Orders' stock moves stay in `stock_reservations`.
 */
export class StockMovements1766426100000 implements MigrationInterface {
  name = 'StockMovements1766426100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.stock_movements (
        id bigserial PRIMARY KEY,
        product_id uuid NOT NULL REFERENCES catalog.products (id),
        kind text NOT NULL CHECK (kind IN ('restock')),
        change integer NOT NULL CHECK (change <> 0),
        count_after integer NOT NULL CHECK (count_after >= 0),
        reason text CHECK (char_length(reason) <= 200),
        actor text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX stock_movements_product_idx ON catalog.stock_movements (product_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog.stock_movements`);
  }
}

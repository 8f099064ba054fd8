import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 26: a products CSV import records its stock changes in the inventory history too, as kind 'import'. */
export class StockMovementsImport1766526100000 implements MigrationInterface {
  name = 'StockMovementsImport1766526100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.stock_movements DROP CONSTRAINT stock_movements_kind_check`);
    await q.query(`ALTER TABLE catalog.stock_movements ADD CONSTRAINT stock_movements_kind_check CHECK (kind IN ('restock', 'import'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM catalog.stock_movements WHERE kind = 'import'`);
    await q.query(`ALTER TABLE catalog.stock_movements DROP CONSTRAINT stock_movements_kind_check`);
    await q.query(`ALTER TABLE catalog.stock_movements ADD CONSTRAINT stock_movements_kind_check CHECK (kind IN ('restock'))`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A committed sale can be returned to the shelf (its order was cancelled): a fourth reservation status. */
export class ReturnedStock1765100000000 implements MigrationInterface {
  name = 'ReturnedStock1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.stock_reservations DROP CONSTRAINT stock_reservations_status_check`);
    await q.query(
      `ALTER TABLE catalog.stock_reservations ADD CONSTRAINT stock_reservations_status_check CHECK (status IN ('reserved', 'committed', 'released', 'returned'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.stock_reservations DROP CONSTRAINT stock_reservations_status_check`);
    await q.query(`ALTER TABLE catalog.stock_reservations ADD CONSTRAINT stock_reservations_status_check CHECK (status IN ('reserved', 'committed', 'released'))`);
  }
}

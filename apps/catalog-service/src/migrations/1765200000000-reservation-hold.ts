import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reservation is held until `held_until` unless a stored order claims it (then `held_until` is null). Open
 * reservations from before are checked once by the stock sweeper: those of stored orders are kept, the rest released.
 */
export class ReservationHold1765200000000 implements MigrationInterface {
  name = 'ReservationHold1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.stock_reservations ADD COLUMN held_until timestamptz`);
    await q.query(`UPDATE catalog.stock_reservations SET held_until = now() WHERE status = 'reserved'`);
    await q.query(
      `CREATE INDEX stock_reservations_held_idx ON catalog.stock_reservations (held_until) WHERE status = 'reserved' AND held_until IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX catalog.stock_reservations_held_idx`);
    await q.query(`ALTER TABLE catalog.stock_reservations DROP COLUMN held_until`);
  }
}

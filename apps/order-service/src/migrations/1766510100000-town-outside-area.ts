import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 25: the town typed is not among the chosen delivery area's towns, worked out when the order was placed. */
export class TownOutsideArea1766510100000 implements MigrationInterface {
  name = 'TownOutsideArea1766510100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders ADD COLUMN town_outside_area boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders DROP COLUMN town_outside_area`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order paid on two hosted pages (two tabs) is charged twice: both transactions must be recorded so
 * the owner can refund one, so "one paid transaction per order" is no longer a constraint.
 */
export class RecordEveryPayment1763900200000 implements MigrationInterface {
  name = 'RecordEveryPayment1763900200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payments.transactions_one_payment_per_order`);
    await q.query(`CREATE INDEX transactions_order_idx ON payments.transactions (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payments.transactions_order_idx`);
    await q.query(`CREATE UNIQUE INDEX transactions_one_payment_per_order ON payments.transactions (order_id) WHERE outcome = 'paid'`);
  }
}

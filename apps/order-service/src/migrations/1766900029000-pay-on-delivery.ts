import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29, cash or Linx on delivery: a pay-on-delivery order (payment_method 'in_person', kept so that old
 * clients and links work) stores how the shopper will pay the driver. Orders placed before it keep null
 * ("cash or Linx", not chosen).
 */
export class PayOnDelivery1766900029000 implements MigrationInterface {
  name = 'PayOnDelivery1766900029000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders.orders
        ADD COLUMN pay_on_delivery text CHECK (pay_on_delivery IN ('cash', 'linx')),
        ADD CONSTRAINT orders_pay_on_delivery_in_person CHECK (pay_on_delivery IS NULL OR is_in_person)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders.orders DROP CONSTRAINT orders_pay_on_delivery_in_person, DROP COLUMN pay_on_delivery`);
  }
}

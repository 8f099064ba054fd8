import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a delivery area cost before its last change, kept by the database whenever the cost changes (the default
 * area's cost is the settings' `delivery_cost_cents`, so its previous cost is kept there). The order service names
 * a raised delivery cost in its refusal of a total the shopper confirmed before the change (a client that sent
 * only that total).
 */
export class DeliveryPreviousCost1766700027000 implements MigrationInterface {
  name = 'DeliveryPreviousCost1766700027000';

  async up(q: QueryRunner): Promise<void> {
    for (const { table, cost, previous } of COSTS) {
      await q.query(`ALTER TABLE catalog.${table} ADD COLUMN ${previous} integer CHECK (${previous} >= 0)`);
      await q.query(`
        CREATE FUNCTION catalog.${table}_keep_previous_cost() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.${cost} IS DISTINCT FROM OLD.${cost} THEN NEW.${previous} := OLD.${cost}; END IF;
          RETURN NEW;
        END $$`);
      await q.query(`CREATE TRIGGER ${table}_previous_cost BEFORE UPDATE ON catalog.${table} FOR EACH ROW EXECUTE FUNCTION catalog.${table}_keep_previous_cost()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table, previous } of COSTS) {
      await q.query(`DROP TRIGGER ${table}_previous_cost ON catalog.${table}`);
      await q.query(`DROP FUNCTION catalog.${table}_keep_previous_cost()`);
      await q.query(`ALTER TABLE catalog.${table} DROP COLUMN ${previous}`);
    }
  }
}

/** Each cost the database keeps the previous value of: an area's own, and the default area's (the settings'). */
const COSTS = [
  { table: 'delivery_areas', cost: 'cost_cents', previous: 'previous_cost_cents' },
  { table: 'site_settings', cost: 'delivery_cost_cents', previous: 'previous_delivery_cost_cents' },
] as const;

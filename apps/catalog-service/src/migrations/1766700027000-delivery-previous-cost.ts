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
    await q.query(`ALTER TABLE catalog.delivery_areas ADD COLUMN previous_cost_cents integer CHECK (previous_cost_cents >= 0)`);
    await q.query(`ALTER TABLE catalog.site_settings ADD COLUMN previous_delivery_cost_cents integer CHECK (previous_delivery_cost_cents >= 0)`);
    await q.query(`
      CREATE FUNCTION catalog.keep_previous_area_cost() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.cost_cents IS DISTINCT FROM OLD.cost_cents THEN NEW.previous_cost_cents := OLD.cost_cents; END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE FUNCTION catalog.keep_previous_delivery_cost() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.delivery_cost_cents IS DISTINCT FROM OLD.delivery_cost_cents THEN NEW.previous_delivery_cost_cents := OLD.delivery_cost_cents; END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER delivery_areas_previous_cost BEFORE UPDATE ON catalog.delivery_areas FOR EACH ROW EXECUTE FUNCTION catalog.keep_previous_area_cost()`);
    await q.query(`CREATE TRIGGER site_settings_previous_delivery_cost BEFORE UPDATE ON catalog.site_settings FOR EACH ROW EXECUTE FUNCTION catalog.keep_previous_delivery_cost()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER site_settings_previous_delivery_cost ON catalog.site_settings`);
    await q.query(`DROP TRIGGER delivery_areas_previous_cost ON catalog.delivery_areas`);
    await q.query(`DROP FUNCTION catalog.keep_previous_delivery_cost()`);
    await q.query(`DROP FUNCTION catalog.keep_previous_area_cost()`);
    await q.query(`ALTER TABLE catalog.site_settings DROP COLUMN previous_delivery_cost_cents`);
    await q.query(`ALTER TABLE catalog.delivery_areas DROP COLUMN previous_cost_cents`);
  }
}

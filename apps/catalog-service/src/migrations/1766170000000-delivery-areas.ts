import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery areas (Site Settings): name, cost, estimated days, active. The default area has no cost of its own:
 * its cost is the settings' `delivery_cost_cents` (the API's `paymentSettings.deliveryCost`), so existing
 * clients and the settings form keep pricing it. Seeded with the shop's usual areas.
 */
export class DeliveryAreas1766170000000 implements MigrationInterface {
  name = 'DeliveryAreas1766170000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.delivery_areas (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        cost_cents integer CHECK (cost_cents >= 0),
        estimated_days text NOT NULL CHECK (length(estimated_days) BETWEEN 1 AND 60),
        active boolean NOT NULL DEFAULT true,
        is_default boolean NOT NULL DEFAULT false,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (is_default = (cost_cents IS NULL)),
        CHECK (active OR NOT is_default)
      )`);
    await q.query(`CREATE UNIQUE INDEX delivery_areas_name_key ON catalog.delivery_areas (lower(name))`);
    await q.query(`CREATE UNIQUE INDEX delivery_areas_one_default ON catalog.delivery_areas (is_default) WHERE is_default`);
    await q.query(`
      INSERT INTO catalog.delivery_areas (name, cost_cents, estimated_days, is_default, position) VALUES
        ('Port of Spain and environs', NULL, '1-2 working days', true, 1),
        ('East-West Corridor', 4000, '1-2 working days', false, 2),
        ('Central Trinidad', 5000, '2-3 working days', false, 3),
        ('South Trinidad', 6000, '2-3 working days', false, 4),
        ('Tobago', 12000, '4-6 working days', false, 5),
        ('Pick up in store', 0, 'Ready the next working day', false, 6)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog.delivery_areas`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site settings (the spec's "controls"): one record, enforced by a unique always-true key so that
 * replicas creating the defaults together insert it once. Text sections are jsonb (validated by the
 * shared zod rules on every write); the delivery cost is integer cents.
 */
export class CreateSettings1763800500000 implements MigrationInterface {
  name = 'CreateSettings1763800500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.site_settings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        singleton boolean NOT NULL DEFAULT true CHECK (singleton),
        home jsonb NOT NULL CHECK (jsonb_typeof(home) = 'object'),
        our_product jsonb NOT NULL CHECK (jsonb_typeof(our_product) = 'object'),
        media jsonb NOT NULL CHECK (
          jsonb_typeof(media) = 'object' AND jsonb_typeof(media -> 'photos') = 'array' AND jsonb_typeof(media -> 'videos') = 'array'
        ),
        contact jsonb NOT NULL CHECK (jsonb_typeof(contact) = 'object'),
        delivery_cost_cents integer NOT NULL CHECK (delivery_cost_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT site_settings_singleton_key UNIQUE (singleton)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog.site_settings`);
  }
}

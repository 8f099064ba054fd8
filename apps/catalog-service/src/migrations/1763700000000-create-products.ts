import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProducts1763700000000 implements MigrationInterface {
  name = 'CreateProducts1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        oldprice_cents integer NOT NULL DEFAULT 0 CHECK (oldprice_cents >= 0),
        image text NOT NULL,
        subimages text[] NOT NULL DEFAULT '{}' CHECK (cardinality(subimages) <= 3),
        description text NOT NULL,
        count_in_stock integer NOT NULL CHECK (count_in_stock >= 0),
        promotext varchar(6) NOT NULL DEFAULT '',
        type text NOT NULL,
        purchases integer NOT NULL DEFAULT 0 CHECK (purchases >= 0),
        rating numeric(3,2) NOT NULL DEFAULT 0,
        num_reviews integer NOT NULL DEFAULT 0 CHECK (num_reviews >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX products_created_at_idx ON catalog.products (created_at DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX products_purchases_idx ON catalog.products (purchases DESC) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog.products`);
  }
}

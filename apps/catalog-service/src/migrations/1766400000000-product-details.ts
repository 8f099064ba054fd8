import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a shopper asks before buying (issue 25): ingredients, how to use, size, and the hair or skin type a
 * product suits, as fields of the product (empty until the owner fills them), and up to five pictures (the main
 * one and four more). The new fields are searchable: the generated search vector is rebuilt with them (a
 * generated column cannot be altered in place; its index goes and comes back with it).
 */
export class ProductDetails1766400000000 implements MigrationInterface {
  name = 'ProductDetails1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE catalog.products
        ADD COLUMN ingredients text NOT NULL DEFAULT '' CHECK (length(ingredients) <= 2000),
        ADD COLUMN how_to_use text NOT NULL DEFAULT '' CHECK (length(how_to_use) <= 2000),
        ADD COLUMN size text NOT NULL DEFAULT '' CHECK (length(size) <= 60),
        ADD COLUMN suited_for text NOT NULL DEFAULT '' CHECK (length(suited_for) <= 200)`);
    await q.query(`ALTER TABLE catalog.products DROP CONSTRAINT IF EXISTS products_subimages_check`);
    await q.query(`ALTER TABLE catalog.products ADD CONSTRAINT products_subimages_check CHECK (cardinality(subimages) <= 4)`);
    await q.query(`DROP INDEX catalog.products_search_vector_idx`);
    await q.query(`ALTER TABLE catalog.products DROP COLUMN search_vector`);
    await q.query(`
      ALTER TABLE catalog.products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector('simple'::regconfig, catalog.search_normalize(
          name || ' ' || type || ' ' || promotext || ' ' || description || ' ' ||
          ingredients || ' ' || how_to_use || ' ' || size || ' ' || suited_for || ' ' ||
          (price_cents / 100)::text || '.' || lpad((price_cents % 100)::text, 2, '0')
        ))
      ) STORED`);
    await q.query(`CREATE INDEX products_search_vector_idx ON catalog.products USING gin (search_vector)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX catalog.products_search_vector_idx`);
    await q.query(`ALTER TABLE catalog.products DROP COLUMN search_vector`);
    await q.query(`
      ALTER TABLE catalog.products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector('simple'::regconfig, catalog.search_normalize(
          name || ' ' || type || ' ' || promotext || ' ' || description || ' ' ||
          (price_cents / 100)::text || '.' || lpad((price_cents % 100)::text, 2, '0')
        ))
      ) STORED`);
    await q.query(`CREATE INDEX products_search_vector_idx ON catalog.products USING gin (search_vector)`);
    await q.query(`ALTER TABLE catalog.products DROP CONSTRAINT products_subimages_check`);
    await q.query(`UPDATE catalog.products SET subimages = subimages[1:3] WHERE cardinality(subimages) > 3`);
    await q.query(`ALTER TABLE catalog.products ADD CONSTRAINT products_subimages_check CHECK (cardinality(subimages) <= 3)`);
    await q.query(`ALTER TABLE catalog.products DROP COLUMN ingredients, DROP COLUMN how_to_use, DROP COLUMN size, DROP COLUMN suited_for`);
  }
}

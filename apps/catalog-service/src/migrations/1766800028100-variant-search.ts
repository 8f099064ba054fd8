import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28: search finds a product by its variants' values ("16 oz", "cocoa"). The labels live in the product's
 * `options`, so they join the product's generated search vector (one row per product: list and search speed stay
 * as they were) and the catalogue's word list for typos. A generated column cannot be altered in place; it and its
 * index go and come back, as in ProductDetails1766400000000.
 */
export class VariantSearch1766800028100 implements MigrationInterface {
  name = 'VariantSearch1766800028100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION catalog.option_labels(options jsonb) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT coalesce(string_agg(v->>'label', ' '), '') FROM jsonb_array_elements(options) o, jsonb_array_elements(o->'values') v $$`);
    await rebuildSearchVector(q, `${DETAILS} || ' ' || catalog.option_labels(options) || ' ' || ${PRICE}`);
    await q.query(`DROP TRIGGER products_collect_search_words ON catalog.products`);
    await q.query(`
      CREATE TRIGGER products_collect_search_words
      AFTER INSERT OR UPDATE OF name, type, promotext, description, price_cents, options ON catalog.products
      FOR EACH ROW EXECUTE FUNCTION catalog.collect_search_words()`);
    await q.query(`
      INSERT INTO catalog.search_words (word)
      SELECT DISTINCT lexeme FROM catalog.products, unnest(search_vector) WHERE options <> '[]'::jsonb AND length(lexeme) >= 3
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER products_collect_search_words ON catalog.products`);
    await q.query(`
      CREATE TRIGGER products_collect_search_words
      AFTER INSERT OR UPDATE OF name, type, promotext, description, price_cents ON catalog.products
      FOR EACH ROW EXECUTE FUNCTION catalog.collect_search_words()`);
    await rebuildSearchVector(q, `${DETAILS} || ' ' || ${PRICE}`);
    await q.query(`DROP FUNCTION catalog.option_labels(jsonb)`);
  }
}

/** What the vector held before: the product's words and details. */
const DETAILS = `name || ' ' || type || ' ' || promotext || ' ' || description || ' ' || ingredients || ' ' || how_to_use || ' ' || size || ' ' || suited_for`;
const PRICE = `(price_cents / 100)::text || '.' || lpad((price_cents % 100)::text, 2, '0')`;

async function rebuildSearchVector(q: QueryRunner, text: string): Promise<void> {
  await q.query(`DROP INDEX catalog.products_search_vector_idx`);
  await q.query(`ALTER TABLE catalog.products DROP COLUMN search_vector`);
  await q.query(`ALTER TABLE catalog.products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, catalog.search_normalize(${text}))) STORED`);
  await q.query(`CREATE INDEX products_search_vector_idx ON catalog.products USING gin (search_vector)`);
}

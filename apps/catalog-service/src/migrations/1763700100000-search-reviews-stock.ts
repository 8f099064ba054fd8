import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search (accent- and case-insensitive full text, typo tolerant through a trigram-indexed word list), reviews (one per visitor per
 * product) and stock reservations keyed by order id.
 */
export class SearchReviewsStock1763700100000 implements MigrationInterface {
  name = 'SearchReviewsStock1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`);
    // unaccent() is only STABLE; this wrapper names its dictionary so it can be IMMUTABLE and indexed.
    await q.query(`
      CREATE FUNCTION catalog.search_normalize(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`);
    // Full-text words of everything a shopper may search (name, type, promotext, description, price).
    await q.query(`
      ALTER TABLE catalog.products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector('simple'::regconfig, catalog.search_normalize(
          name || ' ' || type || ' ' || promotext || ' ' || description || ' ' ||
          (price_cents / 100)::text || '.' || lpad((price_cents % 100)::text, 2, '0')
        ))
      ) STORED`);
    await q.query(`CREATE INDEX products_search_vector_idx ON catalog.products USING gin (search_vector)`);
    // The words products use, so that a misspelt word can be matched to real words by trigram similarity
    // on a small table before the products are found through the full-text index.
    await q.query(`CREATE TABLE catalog.search_words (word text PRIMARY KEY)`);
    await q.query(`CREATE INDEX search_words_trgm_idx ON catalog.search_words USING gin (word public.gin_trgm_ops)`);
    await q.query(`
      CREATE FUNCTION catalog.collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalog.search_words (word)
        SELECT DISTINCT lexeme FROM unnest(NEW.search_vector) WHERE length(lexeme) >= 3
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER products_collect_search_words
      AFTER INSERT OR UPDATE OF name, type, promotext, description, price_cents ON catalog.products
      FOR EACH ROW EXECUTE FUNCTION catalog.collect_search_words()`);
    await q.query(`CREATE INDEX products_type_idx ON catalog.products (type) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX products_restock_idx ON catalog.products (count_in_stock) WHERE deleted_at IS NULL AND count_in_stock < 1`);

    await q.query(`
      CREATE TABLE catalog.reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES catalog.products(id),
        visitor_id text NOT NULL,
        name text NOT NULL,
        rating numeric(2,1) NOT NULL CHECK (rating >= 0 AND rating <= 5 AND rating * 2 = floor(rating * 2)),
        comment text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (product_id, visitor_id)
      )`);

    await q.query(`
      CREATE TABLE catalog.stock_reservations (
        order_id text NOT NULL,
        product_id uuid NOT NULL REFERENCES catalog.products(id),
        qty integer NOT NULL CHECK (qty > 0),
        status text NOT NULL DEFAULT 'reserved' CHECK (status IN ('reserved', 'committed', 'released')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, product_id)
      )`);
    await q.query(`CREATE INDEX stock_reservations_open_idx ON catalog.stock_reservations (product_id) WHERE status = 'reserved'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog.stock_reservations`);
    await q.query(`DROP TABLE catalog.reviews`);
    await q.query(`DROP TRIGGER products_collect_search_words ON catalog.products`);
    await q.query(`DROP FUNCTION catalog.collect_search_words()`);
    await q.query(`DROP TABLE catalog.search_words`);
    await q.query(`ALTER TABLE catalog.products DROP COLUMN search_vector`);
    await q.query(`DROP FUNCTION catalog.search_normalize(text)`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28, the expand step of docs/plans/variants.md: products gain `options` and `max_price_cents`, and
 * `catalog.product_variants` holds each product's price, stock and sales. Every product gets its implicit variant,
 * whose id is the product's, so every id stored today (order lines, carts, reservations, stock movements) is already
 * a variant id; reservations and movements gain `variant_id`.
 *
 * Until the contract step, code that writes products (this release's and the one before) and code that writes
 * variants run side by side, and triggers keep the two in step:
 * - a write to a product's stock, price, old price, purchases or low-stock flag passes to its implicit variant, and
 *   a new product without options gets its implicit variant;
 * - a write to variants sets its product's figures from them (`catalog.product_variant_figures`: the lowest active
 *   price and the old price beside it, the highest, the sum of active stock and of all purchases);
 * - a product with options refuses those writes (SQLSTATE 55000): its figures are its variants' only.
 * Each side skips when called from the other (`pg_trigger_depth()`), so a write does not come back to its author.
 */
export class ProductVariantsExpand1766800028000 implements MigrationInterface {
  name = 'ProductVariantsExpand1766800028000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE catalog.products
        ADD COLUMN options jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(options) = 'array' AND jsonb_array_length(options) <= 3),
        ADD COLUMN max_price_cents integer NOT NULL DEFAULT 0 CHECK (max_price_cents >= 0)`);
    await q.query(`UPDATE catalog.products SET max_price_cents = price_cents`);
    await q.query(`
      CREATE TABLE catalog.product_variants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES catalog.products (id) ON DELETE CASCADE,
        value_ids text[] NOT NULL DEFAULT '{}' CHECK (cardinality(value_ids) <= 3),
        sku text NOT NULL DEFAULT '' CHECK (length(sku) <= 64),
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        oldprice_cents integer NOT NULL DEFAULT 0 CHECK (oldprice_cents >= 0),
        count_in_stock integer NOT NULL CHECK (count_in_stock >= 0),
        purchases integer NOT NULL DEFAULT 0 CHECK (purchases >= 0),
        image text,
        active boolean NOT NULL DEFAULT true,
        low_stock_alerted boolean NOT NULL DEFAULT false,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX product_variants_values_key ON catalog.product_variants (product_id, value_ids) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX product_variants_sku_key ON catalog.product_variants (sku) WHERE sku <> '' AND deleted_at IS NULL`);
    await q.query(`CREATE INDEX product_variants_product_idx ON catalog.product_variants (product_id)`);
    // The migration holds products' table lock from its first statement, so no write slips between this copy and the triggers.
    await q.query(`INSERT INTO catalog.product_variants (${IMPLICIT_VARIANT_COLUMNS}) SELECT ${IMPLICIT_VARIANT_SOURCE} FROM catalog.products`);
    await q.query(`
      CREATE TRIGGER product_variants_clear_low_stock_flag
        BEFORE UPDATE OF count_in_stock ON catalog.product_variants
        FOR EACH ROW WHEN (NEW.low_stock_alerted AND NEW.count_in_stock > OLD.count_in_stock)
        EXECUTE FUNCTION catalog.clear_low_stock_flag()`);

    // The one rule for a product's figures from its variants, read by the trigger below and by the drift check of the tests.
    // With no variant on sale (all inactive or deleted) its prices stay as they were and its stock is 0.
    await q.query(`
      CREATE VIEW catalog.product_variant_figures AS
      SELECT p.id AS product_id,
             coalesce(min(v.price_cents) FILTER (WHERE v.on_sale), p.price_cents) AS price_cents,
             coalesce(max(v.price_cents) FILTER (WHERE v.on_sale), p.max_price_cents) AS max_price_cents,
             coalesce((array_agg(v.oldprice_cents ORDER BY v.price_cents, v.position, v.id) FILTER (WHERE v.on_sale))[1], p.oldprice_cents) AS oldprice_cents,
             coalesce(sum(v.count_in_stock) FILTER (WHERE v.on_sale), 0)::integer AS count_in_stock,
             sum(v.purchases)::integer AS purchases,
             coalesce(bool_or(v.low_stock_alerted) FILTER (WHERE v.on_sale), false) AS low_stock_alerted
        FROM catalog.products p
        JOIN (SELECT *, active AND deleted_at IS NULL AS on_sale FROM catalog.product_variants) v ON v.product_id = p.id
       GROUP BY p.id`);
    // The product's row is locked before its variants are summed: the sum's statement then sees every variant write
    // committed before it, even one of a transaction this one waited for.
    await q.query(`
      CREATE FUNCTION catalog.keep_product_figures(product uuid) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM catalog.products WHERE id = product FOR UPDATE;
        UPDATE catalog.products p
           SET (${FIGURES}, updated_at) = (${prefixed('f', FIGURES)}, now())
          FROM catalog.product_variant_figures f
         WHERE p.id = product AND f.product_id = product AND (${prefixed('p', FIGURES)}) IS DISTINCT FROM (${prefixed('f', FIGURES)});
      END $$`);
    await q.query(`
      CREATE FUNCTION catalog.product_variants_to_product() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
        IF TG_OP <> 'INSERT' THEN PERFORM catalog.keep_product_figures(OLD.product_id); END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id <> OLD.product_id) THEN PERFORM catalog.keep_product_figures(NEW.product_id); END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER product_variants_to_product AFTER INSERT OR UPDATE OR DELETE ON catalog.product_variants
        FOR EACH ROW EXECUTE FUNCTION catalog.product_variants_to_product()`);

    // Products written directly (by code that does not know variants): guarded, then passed to the implicit variant.
    await q.query(`
      CREATE FUNCTION catalog.products_guard_variant_figures() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
        IF NEW.options = '[]'::jsonb THEN
          NEW.max_price_cents := NEW.price_cents;
        ELSIF TG_OP = 'UPDATE' AND (${prefixed('NEW', FIGURES)}) IS DISTINCT FROM (${prefixed('OLD', FIGURES)}) THEN
          RAISE EXCEPTION 'Product % has options: its stock and price are kept by its variants', NEW.id
            USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'Write catalog.product_variants instead.';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER products_guard_variant_figures BEFORE INSERT OR UPDATE ON catalog.products
        FOR EACH ROW EXECUTE FUNCTION catalog.products_guard_variant_figures()`);
    await q.query(`
      CREATE FUNCTION catalog.products_to_implicit_variant() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() > 1 OR NEW.options <> '[]'::jsonb THEN RETURN NULL; END IF;
        UPDATE catalog.product_variants
           SET (${PASSED}, updated_at) = (${prefixed('NEW', PASSED)}, now())
         WHERE id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER products_to_implicit_variant AFTER UPDATE ON catalog.products
        FOR EACH ROW WHEN ((${prefixed('OLD', PASSED)}) IS DISTINCT FROM (${prefixed('NEW', PASSED)}))
        EXECUTE FUNCTION catalog.products_to_implicit_variant()`);
    // Per statement, so a bulk insert of products (CSV, seeding, benchmarks) adds their variants in one statement.
    await q.query(`
      CREATE FUNCTION catalog.products_add_implicit_variants() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
        INSERT INTO catalog.product_variants (${IMPLICIT_VARIANT_COLUMNS})
        SELECT ${IMPLICIT_VARIANT_SOURCE} FROM inserted WHERE options = '[]'::jsonb
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER products_add_implicit_variants AFTER INSERT ON catalog.products
        REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION catalog.products_add_implicit_variants()`);

    // Rows written by code that names only the product get its implicit variant; rows naming only a variant get its product.
    await q.query(`
      CREATE FUNCTION catalog.fill_variant_or_product() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.variant_id IS NULL THEN
          NEW.variant_id := NEW.product_id;
        ELSIF NEW.product_id IS NULL THEN
          NEW.product_id := (SELECT product_id FROM catalog.product_variants WHERE id = NEW.variant_id);
        END IF;
        RETURN NEW;
      END $$`);
    for (const table of STOCK_TABLES) {
      await q.query(`ALTER TABLE catalog.${table} ADD COLUMN variant_id uuid REFERENCES catalog.product_variants (id)`);
      await q.query(`UPDATE catalog.${table} SET variant_id = product_id`);
      await q.query(`ALTER TABLE catalog.${table} ALTER COLUMN variant_id SET NOT NULL`);
      await q.query(`CREATE TRIGGER ${table}_fill_variant BEFORE INSERT ON catalog.${table} FOR EACH ROW EXECUTE FUNCTION catalog.fill_variant_or_product()`);
    }
    // One order may hold two variants of one product; while every row's variant is its product's, the key means the same.
    await q.query(`ALTER TABLE catalog.stock_reservations DROP CONSTRAINT stock_reservations_pkey, ADD PRIMARY KEY (order_id, variant_id)`);
    await q.query(`CREATE INDEX stock_reservations_open_variant_idx ON catalog.stock_reservations (variant_id) WHERE status = 'reserved'`);
    await q.query(`CREATE INDEX stock_movements_variant_idx ON catalog.stock_movements (variant_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Going back is safe only while every product is its implicit variant: anything else would be lost.
    const [{ n }] = await q.query(`
      SELECT (SELECT count(*) FROM catalog.products WHERE options <> '[]'::jsonb)
           + (SELECT count(*) FROM catalog.product_variants WHERE id <> product_id)
           + (SELECT count(*) FROM catalog.stock_reservations WHERE variant_id <> product_id)
           + (SELECT count(*) FROM catalog.stock_movements WHERE variant_id <> product_id) AS n`);
    if (Number(n) > 0) throw new Error(`${n} products, variants or stock rows use options or variants of their own: they would be lost`);
    await q.query(`ALTER TABLE catalog.stock_reservations DROP CONSTRAINT stock_reservations_pkey, ADD PRIMARY KEY (order_id, product_id)`);
    for (const table of STOCK_TABLES) {
      await q.query(`DROP TRIGGER ${table}_fill_variant ON catalog.${table}`);
      await q.query(`ALTER TABLE catalog.${table} DROP COLUMN variant_id`);
    }
    await q.query(`DROP FUNCTION catalog.fill_variant_or_product()`);
    for (const trigger of ['products_add_implicit_variants', 'products_to_implicit_variant', 'products_guard_variant_figures']) {
      await q.query(`DROP TRIGGER ${trigger} ON catalog.products`);
      await q.query(`DROP FUNCTION catalog.${trigger}()`);
    }
    await q.query(`DROP TABLE catalog.product_variants CASCADE`);
    await q.query(`DROP FUNCTION catalog.product_variants_to_product()`);
    await q.query(`DROP FUNCTION catalog.keep_product_figures(uuid)`);
    await q.query(`ALTER TABLE catalog.products DROP COLUMN options, DROP COLUMN max_price_cents`);
  }
}

/** The tables whose rows name a product's stock: they gain the variant. */
const STOCK_TABLES = ['stock_reservations', 'stock_movements'] as const;

/** A product's figures the database keeps from its variants (`catalog.product_variant_figures`). */
const FIGURES = 'price_cents, max_price_cents, oldprice_cents, count_in_stock, purchases, low_stock_alerted';

/** What a direct write of a product without options passes to its implicit variant. */
const PASSED = 'price_cents, oldprice_cents, count_in_stock, purchases, low_stock_alerted';

/** A product's implicit variant: the product's own id and figures. */
const IMPLICIT_VARIANT_COLUMNS = `id, product_id, ${PASSED}, created_at, updated_at`;
const IMPLICIT_VARIANT_SOURCE = `id, id, ${PASSED}, created_at, updated_at`;

/** `a, b` with each column named through `source` (`NEW.a, NEW.b`). */
function prefixed(source: string, columns: string): string {
  return columns
    .split(', ')
    .map((column) => `${source}.${column}`)
    .join(', ');
}

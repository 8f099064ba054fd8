import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28, stock per variant (docs/plans/variants.md, "Stock and money"): the catalog's stock statements write
 * `catalog.product_variants`, locking their products' rows first.
 *
 * - `catalog.keep_product_figures` locks the product `FOR NO KEY UPDATE` instead of `FOR UPDATE`. A reservation's
 *   insert holds a `KEY SHARE` lock on its product (the foreign key) until its commit; `FOR UPDATE` waits for every
 *   such lock, so two orders of one product, each holding its own key-share lock and waiting for the other's row
 *   lock, deadlocked. `FOR NO KEY UPDATE` still queues every writer of the product's figures (they all take it, as
 *   any UPDATE of its non-key columns does), which is what the sum needs.
 * - `catalog.variant_label(options, value_ids)`: a variant's label as it is printed on order lines, receipts and
 *   mails ("16 oz / Cocoa"): its values' labels in option order, joined with " / "; '' for the implicit variant.
 */
export class VariantStock1766800028300 implements MigrationInterface {
  name = 'VariantStock1766800028300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(keepFigures('FOR NO KEY UPDATE'));
    await q.query(`
      CREATE FUNCTION catalog.variant_label(options jsonb, value_ids text[]) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(string_agg(v.value->>'label', ' / ' ORDER BY o.ord), '')
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(options) = 'array' THEN options ELSE '[]' END) WITH ORDINALITY AS o(option, ord)
         CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(o.option->'values') = 'array' THEN o.option->'values' ELSE '[]' END) AS v(value)
         WHERE v.value->>'id' = value_ids[o.ord]
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION catalog.variant_label(jsonb, text[])');
    await q.query(keepFigures('FOR UPDATE'));
  }
}

/** The expand step's `keep_product_figures` (1766800028000) with the product's row locked by `lock`. */
function keepFigures(lock: 'FOR UPDATE' | 'FOR NO KEY UPDATE'): string {
  const figures = 'price_cents, max_price_cents, oldprice_cents, count_in_stock, purchases, low_stock_alerted';
  const of = (alias: string) =>
    figures
      .split(', ')
      .map((c) => `${alias}.${c}`)
      .join(', ');
  return `
    CREATE OR REPLACE FUNCTION catalog.keep_product_figures(product uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM catalog.products WHERE id = product ${lock};
      UPDATE catalog.products p
         SET (${figures}, updated_at) = (${of('f')}, now())
        FROM catalog.product_variant_figures f
       WHERE p.id = product AND f.product_id = product AND (${of('p')}) IS DISTINCT FROM (${of('f')});
    END $$`;
}

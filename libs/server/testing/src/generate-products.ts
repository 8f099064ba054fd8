import type { Client } from 'pg';

const SCENTS = ['Coconut', 'Shea', 'Mango', 'Hibiscus', 'Sorrel', 'Cocoa', 'Guava', 'Papaya', 'Soursop', 'Moringa', 'Vanilla', 'Lime'];
const QUALITIES = ['Whipped', 'Silky', 'Rich', 'Light', 'Daily', 'Intense', 'Gentle', 'Island', 'Tropical', 'Velvet'];
const KINDS: Array<[string, string]> = [
  ['Curl Cream', 'Hair Moisturizer'],
  ['Hair Milk', 'Hair Moisturizer'],
  ['Body Scrub', 'Body Scrub'],
  ['Sugar Polish', 'Body Scrub'],
  ['Lip Balm', 'Lip Balm'],
  ['Lip Butter', 'Lip Balm'],
  ['Scalp Oil', 'Hair Oil'],
  ['Body Butter', 'Body Butter'],
];

/**
 * Inserts `count` believable products (every combination of quality, scent and kind, numbered) in one
 * statement: the catalogue for search tests and benchmarks.
 */
export async function generateProducts(db: Client, count: number): Promise<void> {
  await db.query(
    `INSERT INTO catalog.products (name, price_cents, oldprice_cents, image, description, count_in_stock, promotext, type, purchases, created_at)
     SELECT q.v || ' ' || s.v || ' ' || k.name || ' No. ' || i,
            1500 + (i * 37) % 20000,
            0,
            '/api/files/demo/mango-lip-balm.svg',
            'A ' || lower(q.v) || ' ' || lower(k.name) || ' made with ' || lower(s.v) || ' for Caribbean skin and hair. Batch ' || i || '.',
            (i * 7) % 40,
            CASE WHEN i % 9 = 0 THEN 'SALE' ELSE '' END,
            k.type,
            (i * 13) % 500,
            now() - (i || ' minutes')::interval
       FROM generate_series(1, $1::int) AS i
       JOIN LATERAL (SELECT ($2::text[])[1 + i % cardinality($2::text[])] AS v) q ON true
       JOIN LATERAL (SELECT ($3::text[])[1 + (i / 7) % cardinality($3::text[])] AS v) s ON true
       JOIN LATERAL (SELECT ($4::text[])[1 + (i / 3) % cardinality($4::text[])] AS name,
                            ($5::text[])[1 + (i / 3) % cardinality($5::text[])] AS type) k ON true`,
    [count, QUALITIES, SCENTS, KINDS.map(([name]) => name), KINDS.map(([, type]) => type)],
  );
  // Cleared and counted as autovacuum would on a running shop (the variants benchmark compares two catalogues alike).
  await db.query('VACUUM ANALYZE catalog.products');
  await db.query('VACUUM ANALYZE catalog.product_variants');
}

// Words of their own (none of SCENTS, QUALITIES or KINDS): a search then finds the same products with variants as without.
const SHADES = ['Ebony', 'Bronze', 'Amber', 'Sienna', 'Pearl', 'Rose'];

/**
 * Gives every product two options, Size (8 oz, 16 oz) and Shade (2 to 6 of SHADES by the product's place), so each
 * sells in 4, 6, 8, 10 or 12 variants, each with its own price and stock: the catalogue of the variants benchmark.
 * The implicit variant becomes the first combination, as the owner's form does (issue 28).
 */
export async function addVariants(db: Client): Promise<void> {
  await db.query(
    `WITH numbered AS (SELECT id, 2 + (row_number() OVER (ORDER BY created_at) % 5)::int AS shades FROM catalog.products)
     UPDATE catalog.products p
        SET options = jsonb_build_array(
              jsonb_build_object('id', 'size', 'name', 'Size', 'values', jsonb_build_array(
                jsonb_build_object('id', 's1', 'label', '8 oz'), jsonb_build_object('id', 's2', 'label', '16 oz'))),
              jsonb_build_object('id', 'shade', 'name', 'Shade', 'values', (
                SELECT jsonb_agg(jsonb_build_object('id', 'c' || n, 'label', ($1::text[])[n]) ORDER BY n) FROM generate_series(1, numbered.shades) AS n)))
       FROM numbered WHERE numbered.id = p.id`,
    [SHADES],
  );
  await db.query(`UPDATE catalog.product_variants v SET value_ids = '{s1,c1}' FROM catalog.products p WHERE p.id = v.product_id AND v.id = p.id`);
  await db.query(
    `INSERT INTO catalog.product_variants (product_id, value_ids, price_cents, count_in_stock, position)
     SELECT p.id, ARRAY[s.id, c.id], p.price_cents + s.extra + c.n * 50, (c.n * 3 + s.extra) % 25, (s.extra / 500) * 6 + c.n - 1
       FROM catalog.products p
       CROSS JOIN (VALUES ('s1', 0), ('s2', 500)) AS s(id, extra)
       CROSS JOIN LATERAL (SELECT n, 'c' || n AS id FROM generate_series(1, jsonb_array_length(p.options -> 1 -> 'values')) AS n) c
      WHERE NOT (s.id = 's1' AND c.n = 1)`,
  );
  // Each variant written updated its product's figures (a trigger): the dead rows are cleared as autovacuum would.
  await db.query('VACUUM ANALYZE catalog.products');
  await db.query('VACUUM ANALYZE catalog.product_variants');
}

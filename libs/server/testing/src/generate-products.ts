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
  await db.query('ANALYZE catalog.products');
}

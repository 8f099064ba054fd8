import { lineDisplayName, type ProductSummary, type VariantFields, variantFields } from '@shop/contracts';
import { toProductSummary } from './product.mapper';
import { rowToProductEntity } from './product-search.repository';

/**
 * A variant's row in the owner's stock lists (issue 28: restock and low stock work per variant): its product's summary
 * with the variant's price (its only price: no "from"), old price, stock, sales and picture, from `catalog.products p` joined with
 * `catalog.product_variants v`.
 */
export const VARIANT_SUMMARY_COLUMNS = `p.id, p.name, v.price_cents, v.price_cents AS max_price_cents, v.oldprice_cents, coalesce(nullif(v.image, ''), p.image) AS image,
  p.subimages, p.description, v.count_in_stock, p.promotext, p.type, v.purchases, p.visible, p.rating, p.num_reviews, p.created_at,
  v.id AS variant_id, catalog.variant_label(p.options, v.value_ids) AS variant_label`;

/** A product in a stock list, named as its variant ("Mango Body Butter - 16 oz"); the variant fields only for a named variant. */
export type VariantSummary = ProductSummary & VariantFields;

/** A row of `VARIANT_SUMMARY_COLUMNS` as a stock list shows it. */
export function toVariantSummary(row: Record<string, unknown>): VariantSummary {
  const label = String(row.variant_label ?? '');
  const summary = toProductSummary(rowToProductEntity(row));
  return { ...summary, name: lineDisplayName(summary.name, label), ...variantFields(summary._id, String(row.variant_id), label) };
}

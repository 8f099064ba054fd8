import { VARIANT_LABEL_SEPARATOR } from '@shop/rules';
import { z } from 'zod';
import { pageCounts } from './wire';

/** Product ids are UUIDs; anything else is a clean 404, never a database error. */
export const ProductIdSchema = z.uuid();

/**
 * A review as shown: the writer's visitor id is never published; `mine` tells the asking visitor it is theirs;
 * `verifiedBuyer` that the writer had the product delivered when writing it.
 */
export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
  verifiedBuyer: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A product in lists (field names are the spec's). */
export const ProductSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  oldprice: z.number(),
  image: z.string(),
  subimages: z.array(z.string()),
  description: z.string(),
  countInStock: z.number().int(),
  promotext: z.string(),
  type: z.string(),
  purchases: z.number().int(),
  /** False: kept out of the shop by the owner (a draft); only the owner's answers carry such a product (issue 26). */
  visible: z.boolean(),
  rating: z.number(),
  numReviews: z.number().int(),
  createdAt: z.string(),
  /**
   * The highest price among the product's variants on sale (issue 28); `price` is the lowest, so a list prints
   * "from TT$…" when the two differ. Equal to `price` for a product without options.
   */
  maxPrice: z.number(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** One value of an option: a short stable id made by the server, its label, and optionally a colour or a picture. */
export const ProductOptionValueSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** A colour `#rrggbb` drawn for a shade. */
  swatch: z.string().optional(),
  image: z.string().optional(),
});
export type ProductOptionValue = z.infer<typeof ProductOptionValueSchema>;

/** One option of a product (Size, Shade, Scent) with its values in the order the shop shows them. */
export const ProductOptionSchema = z.object({ id: z.string(), name: z.string(), values: z.array(ProductOptionValueSchema) });
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/**
 * A variant's label: its values' labels in option order joined with " / " ("16 oz / Cocoa"); '' for the implicit
 * variant of a product without options. The one rule for receipts, mails, order lines and the product answer.
 */
export function variantLabel(options: readonly ProductOption[], valueIds: readonly string[]): string {
  return valueIds.map((id, i) => options[i]?.values.find((v) => v.id === id)?.label ?? '').join(VARIANT_LABEL_SEPARATOR);
}

/**
 * One sellable combination of a product's option values (issue 28). `valueIds` are in option order; `label` their
 * labels joined with " / " ("16 oz / Cocoa"), '' for the one implicit variant of a product without options, whose
 * `_id` is the product's. `image` is the variant's own picture, or null to show the product's.
 */
export const ProductVariantSchema = z.object({
  _id: z.string(),
  valueIds: z.array(z.string()),
  label: z.string(),
  sku: z.string(),
  price: z.number(),
  oldprice: z.number(),
  countInStock: z.number().int(),
  image: z.string().nullable(),
  active: z.boolean(),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/**
 * One product with its reviews, newest first, and what a shopper reads before buying (each empty when the owner
 * has not written it): ingredients, how to use it, its size, and the hair or skin type it suits.
 */
export const ProductSchema = ProductSummarySchema.extend({
  ingredients: z.string(),
  howToUse: z.string(),
  size: z.string(),
  suitedFor: z.string(),
  reviews: z.array(ReviewSchema),
  /** Its options (none for a product sold one way) and its variants (one, the implicit one, without options). */
  options: z.array(ProductOptionSchema),
  variants: z.array(ProductVariantSchema),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.array(ProductSummarySchema);

export const ProductPageSchema = z.object({ products: z.array(ProductSummarySchema), ...pageCounts });
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** A product in the owner's list, with how many variants it has (issue 28; 0 for a product sold one way). */
export const AdminProductSummarySchema = ProductSummarySchema.extend({ variantCount: z.number().int() });
export type AdminProductSummary = z.infer<typeof AdminProductSummarySchema>;

/** A page of the owner's product list (issue 26), with the low-stock threshold its stock filter used. */
export const AdminProductPageSchema = ProductPageSchema.extend({ products: z.array(AdminProductSummarySchema), lowStockThreshold: z.number().int() });
export type AdminProductPage = z.infer<typeof AdminProductPageSchema>;

// The request types of the product and review patterns are derived from their schemas (product.schemas.ts).

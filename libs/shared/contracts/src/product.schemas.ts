import { AdminProductQuerySchema, ProductInputSchema, VariantsBulkInputSchema, ProductQuerySchema, ReviewInputSchema, VisitorIdSchema } from '@shop/rules';
import { z } from 'zod';

// The catalog's product and review patterns. Ids are plain strings here on purpose: the catalog answers a
// malformed id with the same 404 as an unknown one, never a 400.

/** `catalog.products.get`: `includeHidden` only for the owner (the gateway's admin route); shoppers get a 404 for a hidden product. */
export const GetProductRequestSchema = z.object({ id: z.string(), visitorId: z.string().optional(), includeHidden: z.boolean().optional() });
export type GetProductRequest = z.input<typeof GetProductRequestSchema>;

/** `catalog.products.page`: no query is the first page of everything. */
export const ListProductsRequestSchema = z.object({ query: ProductQuerySchema.optional() });
export type ListProductsRequest = z.input<typeof ListProductsRequestSchema>;

/** `catalog.products.types`: the types of products on sale, or with `includeHidden` of every product (the owner's form). */
export const ProductTypesRequestSchema = z.object({ includeHidden: z.boolean().optional() });
export type ProductTypesRequest = z.input<typeof ProductTypesRequestSchema>;

/** `catalog.products.admin-page`: the owner's list, hidden products included (issue 26). */
export const AdminProductsRequestSchema = z.object({ query: AdminProductQuerySchema });
export type AdminProductsRequest = z.input<typeof AdminProductsRequestSchema>;

/**
 * `catalog.products.restock`: out of stock, or with `include: 'low-stock'` also those at or below the shop's
 * low-stock threshold (the restock screen, issue 26), fewest first.
 */
export const RestockListRequestSchema = z.object({
  q: ProductQuerySchema.shape.q,
  include: z.enum(['low-stock'], { error: "include must be 'low-stock'" }).optional(),
});
export type RestockListRequest = z.input<typeof RestockListRequestSchema>;

/** `catalog.products.create` */
export const CreateProductRequestSchema = z.object({ product: ProductInputSchema });
export type CreateProductRequest = z.input<typeof CreateProductRequestSchema>;

/** `catalog.products.update`: the whole product. */
export const UpdateProductRequestSchema = z.object({ id: z.string(), product: ProductInputSchema });
export type UpdateProductRequest = z.input<typeof UpdateProductRequestSchema>;

/** `catalog.products.variants-bulk`: the owner's grid sets one price on every variant and/or adds stock to each (issue 28). */
export const VariantsBulkRequestSchema = z.object({ id: z.string(), input: VariantsBulkInputSchema, actor: z.string().max(200) });
export type VariantsBulkRequest = z.input<typeof VariantsBulkRequestSchema>;

/** `catalog.products.delete` */
export const DeleteProductRequestSchema = z.object({ id: z.string() });
export type DeleteProductRequest = z.input<typeof DeleteProductRequestSchema>;

/** `catalog.reviews.upsert`: the visitor id is checked before the review (the order of the messages). */
export const UpsertReviewRequestSchema = z.object({ productId: z.string(), visitorId: VisitorIdSchema, review: ReviewInputSchema });
export type UpsertReviewRequest = z.input<typeof UpsertReviewRequestSchema>;

/** `catalog.reviews.delete` */
export const DeleteReviewRequestSchema = z.object({
  productId: z.string(),
  reviewId: z.string(),
  visitorId: z.string().optional(),
  isAdmin: z.boolean(),
});
export type DeleteReviewRequest = z.input<typeof DeleteReviewRequestSchema>;

import { z } from 'zod';

/** Product ids are UUIDs; anything else is a clean 404, never a database error. */
export const ProductIdSchema = z.uuid();

export const ReviewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A product as the API answers it (field names are the spec's). */
export const ProductSchema = z.object({
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
  rating: z.number(),
  numReviews: z.number().int(),
  reviews: z.array(ReviewSchema),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export interface GetProductRequest {
  id: string;
}

export const ProductListSchema = z.array(ProductSchema);

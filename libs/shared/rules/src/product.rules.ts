import { z } from 'zod';
import { imageUrlSchema, moneySchema } from './common.rules';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The most of one product the shop may hold (the product form and the restock screen's "+N"). */
export const MAX_COUNT_IN_STOCK = 1_000_000;

/** A product detail the owner may leave empty (older clients send none). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');

/** What the owner sends to create or update a product (spec section 5, admin product form). */
export const ProductInputSchema = z.object({
  name: text('Name', 200),
  price: moneySchema('Price'),
  oldprice: moneySchema('Old price').default(0),
  image: imageUrlSchema('Main image'),
  // Five pictures in all: the main one and four more.
  subimages: z.array(imageUrlSchema('Sub image'), { error: 'Sub images must be a list' }).max(4, 'At most 4 sub images').default([]),
  description: text('Description', 5000),
  countInStock: z
    .number({ error: 'Count in stock must be a number' })
    .int('Count in stock must be a whole number')
    .min(0, 'Count in stock must be 0 or more')
    .max(MAX_COUNT_IN_STOCK, 'Count in stock is too large'),
  promotext: z.string({ error: 'Promotion text must be text' }).trim().max(6, 'Promotion text must be at most 6 characters').default(''),
  type: text('Type', 60),
  ingredients: optionalText('Ingredients', 2000),
  howToUse: optionalText('How to use', 2000),
  size: optionalText('Size', 60),
  suitedFor: optionalText('Suits', 200),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

export const PRODUCT_PAGE_SIZE = 8;
export const TRENDING_COUNT = 10;
export const NEWEST_COUNT = 6;

/** A whole-number parameter: text from a URL, or a number once parsed (the service checks it again). */
const intParam = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,6}$/, `${label} must be a whole number`).transform(Number)], {
      error: `${label} must be a whole number`,
    })
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

/** Query parameters of the product list: search, type filter, paging and the two storefront sorts. */
export const ProductQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  type: z.string().trim().max(60, 'Type must be at most 60 characters').optional(),
  page: intParam('Page', 1, 100_000).optional(),
  pageSize: intParam('Page size', 1, 100).optional(),
  sort: z.enum(['trending', 'newest', 'relevance'], { error: 'Sort must be trending, newest or relevance' }).optional(),
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

/** A visitor id: 'uid-' and 12 characters from a random source. */
export const VisitorIdSchema = z.string().regex(/^uid-[A-Za-z0-9_-]{12}$/, 'Visitor id is not valid');

/** The review form (spec section 4): rating 0 to 5 in half steps; name and comment required. */
export const ReviewInputSchema = z.object({
  id: VisitorIdSchema.optional(),
  name: text('Name', 60).refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Name contains characters that are not allowed'),
  rating: z
    .number({ error: 'Rating must be a number' })
    .min(0, 'Rating must be between 0 and 5')
    .max(5, 'Rating must be between 0 and 5')
    .refine((v) => Number.isInteger(v * 2), 'Rating must be in half steps'),
  comment: text('Comment', 1000),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

import { z } from 'zod';
import { isMoneyAmount } from '@shop/money';
import { imageUrlSchema } from './common.rules';
import { ProductOptionsInputShape } from './product-options.rules';

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
    .max(max, `${label} can be at most ${max.toLocaleString('en-US')} characters`)
    .default('');

/** A required field of the product form: what to do when it is missing, and when it is too long (issue 26). */
const requiredText = (missing: string, tooLong: string, max: number) => z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** A price of the product form: missing, not a number and not a money amount each say what to type. */
const price = (label: string, example: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? `Please enter the ${label}` : `Please enter the ${label} as a number, e.g. ${example}`) })
    .refine(isMoneyAmount, { message: `The ${label} must be 0 or more, with at most two decimals` });

/**
 * A product type as stored: trimmed, with runs of spaces made one, so that "Hair  Oil " is "Hair Oil". The catalog
 * also files a type that differs from an existing one only by case under the existing spelling (issue 26).
 */
export const ProductTypeSchema = z
  .string({ error: 'Please choose a type' })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'Please choose a type').max(60, 'The type can be at most 60 characters'));

/** How two type names compare: the same words, whatever the case and spacing ("hair oil" is "Hair  Oil"). */
export function productTypeKey(type: string): string {
  return type.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The existing type a new type name only re-spells (case or spaces), or undefined: a typo may not make a new filter choice. */
export function sameProductType(types: readonly string[], name: string): string | undefined {
  const key = productTypeKey(name);
  return types.find((t) => productTypeKey(t) === key);
}

/** The most pictures a product has: the main one and four more. */
export const MAX_PRODUCT_PICTURES = 5;

/**
 * What the owner sends to create or update a product (spec section 5, admin product form). Messages say what to do
 * (issue 26); `visible` false keeps the product out of the shop (a draft), and older clients that send none keep it
 * on sale.
 */
export const ProductInputSchema = z.object({
  name: requiredText("Please enter the product's name", 'The name can be at most 200 characters', 200),
  price: price('price', '95.00'),
  oldprice: price('old price', '110.00').default(0),
  image: z.string({ error: 'Please add a main picture: upload one, or paste its https address' }).pipe(imageUrlSchema('The main picture')),
  subimages: z
    .array(imageUrlSchema('Each extra picture'), { error: 'Sub images must be a list' })
    .max(MAX_PRODUCT_PICTURES - 1, `At most ${MAX_PRODUCT_PICTURES} pictures: the main one and ${MAX_PRODUCT_PICTURES - 1} more`)
    .default([]),
  description: requiredText('Please enter a description', 'The description can be at most 5,000 characters', 5000),
  countInStock: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'Please enter how many are in stock' : 'Please enter how many are in stock as a whole number, e.g. 12',
    })
    .int('Please enter how many are in stock as a whole number, e.g. 12')
    .min(0, 'The stock cannot be below 0')
    .max(MAX_COUNT_IN_STOCK, `The stock can be at most ${MAX_COUNT_IN_STOCK.toLocaleString('en-US')}`),
  promotext: z
    .string({ error: 'The promotion label must be text' })
    .trim()
    .max(6, 'The promotion label can be at most 6 characters, e.g. NEW')
    .default(''),
  type: ProductTypeSchema,
  ingredients: optionalText('Ingredients', 2000),
  howToUse: optionalText('How to use', 2000),
  size: optionalText('Size', 60),
  suitedFor: optionalText('Suits', 200),
  visible: z.boolean({ error: 'Visible in shop must be true or false' }).default(true),
  /**
   * Options and variants (issue 28). With options, `price` and `oldprice` are what a new combination starts at and
   * `countInStock` is not read (each variant has its own); without, they are the product's as before.
   */
  ...ProductOptionsInputShape,
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

/** How the owner's product list may be sorted (issue 26); `newest` when none is asked. */
export const ADMIN_PRODUCT_SORTS = ['newest', 'name', 'price-low', 'price-high', 'stock-low', 'stock-high'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** The owner's stock filter: `in` can be bought (1 or more), `low` is 1 up to the low-stock threshold, `out` is 0. */
export const ADMIN_STOCK_FILTERS = ['in', 'low', 'out'] as const;
export type AdminStockFilter = (typeof ADMIN_STOCK_FILTERS)[number];

/** The owner's visibility filter: on sale, or kept out of the shop (drafts). */
export const ADMIN_VISIBILITY_FILTERS = ['visible', 'hidden'] as const;
export type AdminVisibilityFilter = (typeof ADMIN_VISIBILITY_FILTERS)[number];

/** Products per page of the owner's list unless asked otherwise. */
export const ADMIN_PRODUCT_PAGE_SIZE = 20;

/**
 * Query parameters of the owner's product list (`GET /api/admin/products`, issue 26): a search of name and type, a
 * type, stock and visibility filter, a sort and a page. Hidden products are listed too.
 */
export const AdminProductQuerySchema = z.object({
  q: z.string({ error: 'Search text must be text' }).trim().max(100, 'Search text must be at most 100 characters').optional(),
  type: z.string({ error: 'Type must be text' }).trim().max(60, 'Type must be at most 60 characters').optional(),
  stock: z.enum(ADMIN_STOCK_FILTERS, { error: 'Stock must be in, low or out' }).optional(),
  visibility: z.enum(ADMIN_VISIBILITY_FILTERS, { error: 'Visibility must be visible or hidden' }).optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { error: `Sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` }).optional(),
  page: intParam('Page', 1, 100_000).optional(),
  pageSize: intParam('Page size', 1, 100).optional(),
});
export type AdminProductQuery = z.infer<typeof AdminProductQuerySchema>;

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

import { z } from 'zod';
import { isMoneyAmount } from '@shop/money';
import { imageUrlSchema } from './common.rules';

/** The most options a product has (Size, Shade, Scent), values per option, and combinations (issue 28). */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_PRODUCT_VARIANTS = 100;
/** The most of one variant the shop may hold (the same limit as a product's stock). */
const MAX_VARIANT_STOCK = 1_000_000;
export const MAX_SKU_LENGTH = 64;

/** How a variant's label joins its values' labels, in option order ("16 oz / Cocoa"); '' for a product without options. */
export const VARIANT_LABEL_SEPARATOR = ' / ';

/** An id the server made for an option or a value: short, stable while the owner renames it. */
const OptionIdSchema = z.string({ error: 'An option or value id must be text' }).regex(/^[a-z0-9]{1,12}$/, 'An option or value id is not one the shop made');

/** How two labels compare: the same words whatever the case and spacing ("16 OZ" is "16  oz"). */
export function optionLabelKey(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

const label = (what: string, max: number) =>
  z
    .string({ error: `Please enter the ${what}` })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, `Please enter the ${what}`)
        .max(max, `The ${what} can be at most ${max} characters`)
        .refine((v) => !v.includes('/'), `The ${what} cannot contain "/"`),
    );

/** One value of an option as the owner sends it; `id` keeps an existing value (a rename keeps its variants). */
export const OptionValueInputSchema = z.object({
  id: OptionIdSchema.optional(),
  label: label('value', 40),
  swatch: z
    .string({ error: 'A swatch must be a colour like #a0522d' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'A swatch must be a colour like #a0522d')
    .transform((v) => v.toLowerCase())
    .optional(),
  image: imageUrlSchema("A value's picture").optional(),
});
export type OptionValueInput = z.infer<typeof OptionValueInputSchema>;

/** One option (Size, Shade) with its values in the order the shop shows them. */
export const OptionInputSchema = z
  .object({
    id: OptionIdSchema.optional(),
    name: label('option name', 30),
    values: z
      .array(OptionValueInputSchema, { error: 'Each option needs a list of values' })
      .min(1, 'Each option needs at least one value')
      .max(MAX_OPTION_VALUES, `An option can have at most ${MAX_OPTION_VALUES} values`),
  })
  .superRefine((option, ctx) => {
    const dup = firstDuplicate(option.values.map((v) => optionLabelKey(v.label)));
    if (dup !== undefined) ctx.addIssue({ code: 'custom', message: `${option.name} has the value "${dup}" twice` });
    if (firstDuplicate(option.values.flatMap((v) => (v.id ? [v.id] : []))) !== undefined) {
      ctx.addIssue({ code: 'custom', message: `${option.name} has one value id twice` });
    }
  });
export type OptionInput = z.infer<typeof OptionInputSchema>;

const variantMoney = (what: string) =>
  z.number({ error: `A variant's ${what} must be a number, e.g. 95.00` }).refine(isMoneyAmount, { message: `A variant's ${what} must be 0 or more, with at most two decimals` });

/**
 * What the owner sets on one combination, named by its values' labels in option order (`labels`) or by the ids of
 * the product's answer (`valueIds`). Fields left out keep what the variant has (a new one: the product's price and
 * old price, no stock, on sale).
 */
export const VariantInputSchema = z
  .object({
    labels: z.array(z.string({ error: 'Each label of a variant must be text' }).trim(), { error: "A variant's labels must be a list" }).max(MAX_PRODUCT_OPTIONS).optional(),
    valueIds: z.array(OptionIdSchema, { error: "A variant's value ids must be a list" }).max(MAX_PRODUCT_OPTIONS).optional(),
    price: variantMoney('price').optional(),
    oldprice: variantMoney('old price').optional(),
    countInStock: z
      .number({ error: "A variant's stock must be a whole number, e.g. 12" })
      .int("A variant's stock must be a whole number, e.g. 12")
      .min(0, "A variant's stock cannot be below 0")
      .max(MAX_VARIANT_STOCK, `A variant's stock can be at most ${MAX_VARIANT_STOCK.toLocaleString('en-US')}`)
      .optional(),
    sku: z
      .string({ error: 'A SKU must be text' })
      .trim()
      .max(MAX_SKU_LENGTH, `A SKU can be at most ${MAX_SKU_LENGTH} characters`)
      .optional(),
    image: z.union([imageUrlSchema("A variant's picture"), z.literal(''), z.null()], { error: "A variant's picture must be an uploaded image or an https URL" }).optional(),
    active: z.boolean({ error: "A variant's active flag must be true or false" }).optional(),
  })
  .refine((v) => !(v.labels && v.valueIds), { message: 'Name a variant by its labels or by its value ids, not both' });
export type VariantInput = z.infer<typeof VariantInputSchema>;

/**
 * A product's options and variants as the owner sends them with the product (issue 28): at most three options with
 * unique names, values unique within an option. Without `options` the product keeps the ones it has.
 */
export const ProductOptionsInputShape = {
  options: z
    .array(OptionInputSchema, { error: 'Options must be a list' })
    .max(MAX_PRODUCT_OPTIONS, `A product can have at most ${MAX_PRODUCT_OPTIONS} options, e.g. Size, Shade and Scent`)
    .superRefine((options, ctx) => {
      const dup = firstDuplicate(options.map((o) => optionLabelKey(o.name)));
      if (dup !== undefined) ctx.addIssue({ code: 'custom', message: `The option "${dup}" is named twice` });
      const combinations = options.reduce((n, o) => n * o.values.length, 1);
      if (combinations > MAX_PRODUCT_VARIANTS) {
        ctx.addIssue({ code: 'custom', message: `These options make ${combinations} combinations; a product can have at most ${MAX_PRODUCT_VARIANTS}` });
      }
    })
    .optional(),
  variants: z.array(VariantInputSchema, { error: 'Variants must be a list' }).max(MAX_PRODUCT_VARIANTS, `A product can have at most ${MAX_PRODUCT_VARIANTS} variants`).optional(),
};

/** The owner's bulk change of every variant of a product (the grid's "set all prices", "add 10 to all stock"). */
export const VariantsBulkInputSchema = z
  .object({
    price: variantMoney('price').optional(),
    addStock: z
      .number({ error: 'The stock to add must be a whole number, e.g. 10' })
      .int('The stock to add must be a whole number, e.g. 10')
      .min(1, 'The stock to add must be 1 or more')
      .max(MAX_VARIANT_STOCK, `The stock to add can be at most ${MAX_VARIANT_STOCK.toLocaleString('en-US')}`)
      .optional(),
  })
  .refine((v) => v.price !== undefined || v.addStock !== undefined, { message: 'Say a price to set or a stock to add' });
export type VariantsBulkInput = z.infer<typeof VariantsBulkInputSchema>;

function firstDuplicate(keys: string[]): string | undefined {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

import { z } from 'zod';
import { moneySchema } from './common.rules';

/** How a discount code is written: 3 to 30 letters, digits, '-' or '_'; compared in capitals. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;

/** A code as the shopper types it: trimmed and upper-cased before it is checked. */
export const DiscountCodeTextSchema = z
  .string({ error: 'Discount code must be text' })
  .trim()
  .toUpperCase()
  .regex(DISCOUNT_CODE_PATTERN, 'Discount code must be 3 to 30 letters or digits');

const dateTime = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date`)
    .transform((v) => new Date(v).toISOString());

const uses = (label: string) =>
  z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`).min(1, `${label} must be at least 1`).max(1_000_000, `${label} is too large`);

/**
 * A discount code as the owner saves it (admin form and API). `value` is a percent (1 to 100) for 'percent',
 * an amount in TTD for 'fixed'. Null uses mean no limit; null dates mean no start or end.
 */
export const DiscountCodeInputSchema = z
  .object({
    code: DiscountCodeTextSchema,
    kind: z.enum(['percent', 'fixed'], { error: "Kind must be 'percent' or 'fixed'" }),
    value: z.number({ error: 'Value must be a number' }),
    minOrder: moneySchema('Minimum order'),
    startsAt: dateTime('Start date').nullable(),
    endsAt: dateTime('End date').nullable(),
    totalUses: uses('Total uses').nullable(),
    usesPerCustomer: uses('Uses per customer').nullable(),
    appliesToDelivery: z.boolean({ error: 'Applies to delivery must be true or false' }),
    active: z.boolean({ error: 'Active must be true or false' }),
    onBanner: z.boolean({ error: 'Show on the home banner must be true or false' }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && !(Number.isInteger(v.value) && v.value >= 1 && v.value <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent discount must be a whole number from 1 to 100' });
    }
    if (v.kind === 'fixed' && !(moneySchema('Amount').safeParse(v.value).success && v.value > 0)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A fixed discount must be an amount above 0 with at most two decimals' });
    }
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end date must be after the start date' });
    }
  });
export type DiscountCodeInput = z.input<typeof DiscountCodeInputSchema>;
export type DiscountCodeValues = z.output<typeof DiscountCodeInputSchema>;

const shortText = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** A delivery area as the owner saves it (Site Settings). */
export const DeliveryAreaInputSchema = z.object({
  name: shortText('Area name', 60),
  cost: moneySchema('Delivery cost'),
  estimatedDays: shortText('Estimated days', 60),
  active: z.boolean({ error: 'Active must be true or false' }),
});
export type DeliveryAreaInput = z.input<typeof DeliveryAreaInputSchema>;

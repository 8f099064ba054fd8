import { type Cents, toCents } from '@shop/money';
import { DiscountCodeInputSchema, DiscountCodeTextSchema } from '@shop/rules';
import { z } from 'zod';
import { dateTime, money } from './wire';

// Discount codes (order data): their wire shapes, the requests of their patterns, and the one rule that turns a
// code's terms into a saving.

/** How a code saves: a percent of what it applies to, or a fixed amount (TTD). */
const DiscountKindSchema = z.enum(['percent', 'fixed']);
export type DiscountKind = z.infer<typeof DiscountKindSchema>;

/** What the price of an order needs to know of a code. `value`: a percent, or TTD for 'fixed'. */
export const DiscountTermsSchema = z.object({
  code: DiscountCodeTextSchema,
  kind: DiscountKindSchema,
  value: z.number().min(0),
  minOrder: z.number().min(0),
  appliesToDelivery: z.boolean(),
});
export type DiscountTerms = z.infer<typeof DiscountTermsSchema>;

/**
 * The saving a code gives on an order, in cents: a percent of the items (and the delivery, when the code says
 * so), rounded half up to the cent, or a fixed amount; never more than what it applies to, so neither the
 * items nor the total go below zero. 0 when the items are below the code's minimum order.
 */
export function discountCents(terms: Pick<DiscountTerms, 'kind' | 'value' | 'minOrder' | 'appliesToDelivery'>, itemsCents: Cents, deliveryCents: Cents): Cents {
  if (itemsCents < toCents(terms.minOrder)) return 0;
  const base = itemsCents + (terms.appliesToDelivery ? deliveryCents : 0);
  // Integer arithmetic: base * percent is exact, and the half-up rounding is done on whole numbers.
  const raw = terms.kind === 'percent' ? Math.floor((base * terms.value + 50) / 100) : toCents(terms.value);
  return Math.max(0, Math.min(raw, base));
}

/** A discount code as the owner's screens see it. */
export const DiscountCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: DiscountKindSchema,
  value: z.number().meta({ description: "A percent for 'percent', TTD for 'fixed'" }),
  minOrder: money,
  startsAt: dateTime.nullable(),
  endsAt: dateTime.nullable(),
  totalUses: z.number().int().nullable(),
  usesPerCustomer: z.number().int().nullable(),
  appliesToDelivery: z.boolean(),
  active: z.boolean(),
  onBanner: z.boolean(),
  /** Uses held by orders now (a use is given back when its order expires, fails or is cancelled). */
  used: z.number().int(),
  /** Archived by the owner (issue 26): it works nowhere and leaves the default list, until restored. */
  archived: z.boolean(),
  archivedAt: dateTime.nullable(),
  createdAt: dateTime,
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

/** One use of a code: the order that holds (or held) it. */
export const DiscountRedemptionSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  email: z.string(),
  amount: money,
  status: z.enum(['held', 'released']),
  at: dateTime,
  releasedAt: dateTime.nullable(),
});
export type DiscountRedemption = z.infer<typeof DiscountRedemptionSchema>;

export const DiscountCodeDetailSchema = DiscountCodeSchema.extend({ redemptions: z.array(DiscountRedemptionSchema) });
export type DiscountCodeDetail = z.infer<typeof DiscountCodeDetailSchema>;

/** The code the home banner names (a code marked "show on the home banner" that can be used now), or null. */
export const BannerDiscountSchema = z.object({
  discount: z.object({ code: z.string(), kind: DiscountKindSchema, value: z.number(), minOrder: money, endsAt: dateTime.nullable() }).nullable(),
});
export type BannerDiscount = z.infer<typeof BannerDiscountSchema>;

/**
 * `order.discounts.list` and `GET /api/discount-codes`: the current codes (default) or the archived ones, and
 * those whose code contains `q` (issue 26).
 */
export const ListDiscountsRequestSchema = z.object({
  status: z.enum(['current', 'archived'], { error: "status must be 'current' or 'archived'" }).default('current'),
  q: z
    .string({ error: 'Search must be text' })
    .trim()
    .toUpperCase()
    .max(30, 'Search must be at most 30 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ListDiscountsRequest = z.input<typeof ListDiscountsRequestSchema>;

/** `order.discounts.archive`: archive a code (it stops working at checkout) or restore it. */
export const ArchiveDiscountRequestSchema = z.object({ id: z.string(), archived: z.boolean() });
export type ArchiveDiscountRequest = z.input<typeof ArchiveDiscountRequestSchema>;

export const DiscountIdRequestSchema = z.object({ id: z.string() });
export type DiscountIdRequest = z.input<typeof DiscountIdRequestSchema>;
export const CreateDiscountRequestSchema = z.object({ code: DiscountCodeInputSchema });
export type CreateDiscountRequest = z.input<typeof CreateDiscountRequestSchema>;
export const UpdateDiscountRequestSchema = z.object({ id: z.string(), code: DiscountCodeInputSchema });
export type UpdateDiscountRequest = z.input<typeof UpdateDiscountRequestSchema>;

import { z } from 'zod';
import { moneySchema } from './common.rules';
import { VisitorIdSchema } from './product.rules';
import { DiscountCodeTextSchema } from './promotion.rules';

/** The spec's messages for the checkout form (section 5), one per field. */
export const CHECKOUT_MESSAGES = {
  fname: 'Please ensure first name is valid.',
  lname: 'Please ensure last name is valid.',
  email: 'Please ensure email is valid.',
  phone: 'Please ensure contact is valid.',
  city: 'Please ensure city is valid.',
  street: 'Please ensure street is valid.',
  form: 'Please ensure the highlighted fields are valid',
  emptyCart: 'Your cart is empty',
  note: `Please keep the delivery note to one line of at most 200 characters.`,
} as const;

/** The longest delivery note (a landmark or directions, e.g. "Blue gate opposite the mosque"). */
export const DELIVERY_NOTE_MAX = 200;

// Any control character, line breaks included: the note is one line in the owner's mail and order view.
const NOTE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const NAME = /^[\p{L}\p{M} '".-]+$/u;
const CITY = /^[\p{L}\p{M}0-9 '".-]+$/u;
const STREET = /^[\p{L}\p{M}0-9 '".,#/-]+$/u;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** Formats what was typed as (NNN)NNN-NNNN from its first 10 digits, as the form does while typing. */
export function formatContactNumber(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})${d.slice(3)}`;
  return `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`;
}

const field = (message: string, pattern: RegExp) =>
  z.string({ error: message }).trim().min(1, message).max(100, message).regex(pattern, message);

/** The customer fields of the checkout form; the contact number is stored formatted. */
export const CheckoutCustomerSchema = z.object({
  fname: field(CHECKOUT_MESSAGES.fname, NAME),
  lname: field(CHECKOUT_MESSAGES.lname, NAME),
  email: field(CHECKOUT_MESSAGES.email, EMAIL),
  phone: z
    .string({ error: CHECKOUT_MESSAGES.phone })
    .max(40, CHECKOUT_MESSAGES.phone)
    .transform(formatContactNumber)
    // Valid when the formatted number is longer than 12 characters: all 10 digits typed.
    .refine((v) => v.length > 12, CHECKOUT_MESSAGES.phone),
  city: field(CHECKOUT_MESSAGES.city, CITY),
  street: field(CHECKOUT_MESSAGES.street, STREET),
  /** Optional directions for the driver: a landmark, a gate colour. Empty when none was given. */
  note: z
    .string({ error: CHECKOUT_MESSAGES.note })
    .trim()
    .max(DELIVERY_NOTE_MAX, CHECKOUT_MESSAGES.note)
    .refine((v) => !NOTE_CONTROL_CHARACTERS.test(v), CHECKOUT_MESSAGES.note)
    .optional()
    .transform((v) => v ?? ''),
});
export type CheckoutCustomer = z.infer<typeof CheckoutCustomerSchema>;

/** Under a required field left empty, said plainly (the toasts keep the spec's exact words, CHECKOUT_MESSAGES). */
export const CHECKOUT_MISSING: Record<Exclude<keyof CheckoutCustomer, 'note'>, string> = {
  fname: 'Please enter your first name.',
  lname: 'Please enter your last name.',
  email: 'Please enter your e-mail address.',
  phone: 'Please enter your phone number.',
  city: 'Please enter your town or city.',
  street: 'Please enter your street and house number.',
};

/**
 * The message under one checkout field, or null when it is fine: an empty required field asks for it, anything
 * else wrong gets the spec's message. The browser and the storefront's server (no-script checkout) show the same.
 */
export function checkoutFieldError(name: keyof CheckoutCustomer, value: string): string | null {
  if (CheckoutCustomerSchema.shape[name].safeParse(value).success) return null;
  return name !== 'note' && value.trim() === '' ? CHECKOUT_MISSING[name] : CHECKOUT_MESSAGES[name];
}

/** Every failing checkout field's message (an empty record when the details are fine). */
export function checkoutFieldErrors(values: Partial<Record<keyof CheckoutCustomer, string>>): Partial<Record<keyof CheckoutCustomer, string>> {
  const errors: Partial<Record<keyof CheckoutCustomer, string>> = {};
  for (const name of Object.keys(CheckoutCustomerSchema.shape) as Array<keyof CheckoutCustomer>) {
    const problem = checkoutFieldError(name, values[name] ?? '');
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** One cart line sent with an order: a product id and a whole quantity (prices are the server's). */
export const CheckoutItemSchema = z.object({
  product: z.string({ error: 'Each item needs a product' }).min(1, 'Each item needs a product').max(64, 'Each item needs a product'),
  /** The variant (issue 28): one of the product's; absent, the product's implicit variant (whose id is the product's). */
  variant: z.uuid({ error: 'Variant is not valid' }).optional(),
  qty: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').max(10_000, 'Quantity is too large'),
  /** The unit price the shopper confirmed: only to name a change in a refusal, never charged. */
  confirmedPrice: moneySchema('Confirmed price').optional(),
});

/** The cart lines to price: at most 100, each a product id (and variant) and a quantity. */
export const QuoteItemsSchema = z
  .array(
    // Whole numbers from 1, as an order's: a negative line would price the cart below what it costs.
    CheckoutItemSchema.pick({ product: true, variant: true }).extend({ qty: CheckoutItemSchema.shape.qty.min(1, 'Quantity must be at least 1') }),
    { error: 'Items must be a list' },
  )
  .max(100, 'Too many items in the cart');

/** A delivery area's id as a client sends it (the catalog answers an unknown one with a 400). */
export const DeliveryAreaIdSchema = z.string({ error: 'Delivery area is not valid' }).min(1, 'Delivery area is not valid').max(64, 'Delivery area is not valid');

/**
 * Issue 29: how a pay-on-delivery order ('pay in person') is paid to the driver: cash, or Linx (the local debit
 * card, on the driver's terminal).
 */
export const PAY_ON_DELIVERY_METHODS = ['cash', 'linx'] as const;
export const PayOnDeliverySchema = z.enum(PAY_ON_DELIVERY_METHODS, { error: 'Please choose cash or Linx to pay on delivery' });
export type PayOnDelivery = z.infer<typeof PayOnDeliverySchema>;
/** The words for each, as the shopper and the owner read them. */
export const PAY_ON_DELIVERY_LABELS: Record<PayOnDelivery, string> = { cash: 'Cash', linx: 'Linx (debit card)' };

/** The checkout as the storefront sends it (spec section 7): visitor id, customer fields and cart lines. */
export const CheckoutSchema = CheckoutCustomerSchema.extend({
  id: VisitorIdSchema.optional(),
  orderItems: z.array(CheckoutItemSchema, { error: CHECKOUT_MESSAGES.emptyCart }).min(1, CHECKOUT_MESSAGES.emptyCart).max(100, 'Too many items in the cart'),
  /** The total the shopper confirmed (the server's quote): a different total at placing time is a 409. */
  confirmedTotal: moneySchema('Confirmed total').optional(),
  /** The delivery area the shopper picked (an id from the shop's list); none: the shop's default area. */
  deliveryAreaId: DeliveryAreaIdSchema.optional(),
  /** A discount code the shopper entered. */
  discountCode: DiscountCodeTextSchema.optional(),
  /** Issue 29, `POST /api/orders`: 'bank_transfer' places a bank-transfer order (refused while the shop has it off); none: card. */
  paymentMethod: z.enum(['card', 'bank_transfer'], { error: "Payment method must be 'card' or 'bank_transfer'" }).optional(),
  /** A pay-on-delivery order (`/api/orders/inperson`): cash or Linx; none: cash (clients from before issue 29). */
  payOnDelivery: PayOnDeliverySchema.optional(),
});
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

import { internationalPhoneDigits } from '@shop/rules';
import { z } from 'zod';
import { ProductIdSchema, ProductSummarySchema } from './product';

/**
 * Back-in-stock ("Notify me", issue 28): a shopper waits for a sold-out variant with an e-mail address or a WhatsApp
 * number and a consent tick. The body of `POST /api/products/{id}/stock-waits`, the storefront's form and the
 * catalog's patterns share these schemas.
 */

/** How a waiting shopper is told: a mail, or (no WhatsApp API) the owner messages them by hand from a mailed list. */
export const StockWaitChannel = { Email: 'email', WhatsApp: 'whatsapp' } as const;
export type StockWaitChannel = (typeof StockWaitChannel)[keyof typeof StockWaitChannel];

export const STOCK_WAIT_LIMITS = { email: 254, whatsapp: 30 } as const;

/** The messages of the form, written for the shopper (the API answers the same). */
export const STOCK_WAIT_MESSAGES = {
  contact: 'Please enter your e-mail address or your WhatsApp number',
  both: 'Please enter either an e-mail address or a WhatsApp number, not both',
  email: 'Please enter your e-mail address in full, e.g. name@example.com',
  whatsapp: 'Please enter your WhatsApp number with its area code, e.g. 868 555 0123',
  consent: 'Please tick the box to agree that we may contact you about this product',
  variant: 'Please choose one of this product’s options',
  /** The one answer to a sign-up, the same whether or not the contact was already waiting (no enumeration). */
  accepted: 'Thank you! We will let you know when it is back in stock.',
  inStock: 'Good news: this is in stock now, so you can order it straight away.',
  unsubscribed: 'Done: you will get no more back-in-stock messages from us at this address.',
  badToken: 'This unsubscribe link is not valid. It may have been used already.',
} as const;

// A line of text: line breaks and other control characters are refused (they could add mail headers).
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const oneLine = (max: number, message: string) =>
  z
    .string({ error: message })
    .refine((v) => !CONTROL_CHARACTERS.test(v), message)
    .transform((v) => v.trim())
    .pipe(z.string().max(max, message));

/** An e-mail address as the shop keeps it: trimmed and lower-cased (one person, one wait per variant). */
export function normaliseEmail(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}

/** A WhatsApp number as the shop keeps it: international digits (`18685550123`), or null when it is not one. */
export function normaliseWhatsApp(value: string): string | null {
  if (!/^[0-9 +()-]+$/.test(value.trim())) return null;
  const digits = internationalPhoneDigits(value);
  return digits !== null && digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/**
 * The sign-up: `variant` (its id; left out for a product without options, whose one variant has the product's id),
 * `email` or `whatsapp` (exactly one), and `consent` (true, or a ticked checkbox's `on`). `stockWaitOf` gives the
 * channel and the contact normalised.
 */
export const StockWaitInputSchema = z
  .object(
    {
      variant: z
        .string({ error: STOCK_WAIT_MESSAGES.variant })
        .trim()
        .refine((v) => v === '' || ProductIdSchema.safeParse(v).success, STOCK_WAIT_MESSAGES.variant)
        .optional(),
      email: oneLine(STOCK_WAIT_LIMITS.email, STOCK_WAIT_MESSAGES.email).optional(),
      whatsapp: oneLine(STOCK_WAIT_LIMITS.whatsapp, STOCK_WAIT_MESSAGES.whatsapp).optional(),
      // Optional here so that a missing tick is reported together with a missing contact (below), not alone.
      consent: z.union([z.literal(true), z.literal('on'), z.literal('true')], { error: STOCK_WAIT_MESSAGES.consent }).optional(),
    },
    { error: 'Send your e-mail address or WhatsApp number and your consent, for example { "email": "name@example.com", "consent": true }' },
  )
  .superRefine((input, ctx) => {
    const email = input.email ?? '';
    const whatsapp = input.whatsapp ?? '';
    if (email && whatsapp) ctx.addIssue({ code: 'custom', path: ['email'], message: STOCK_WAIT_MESSAGES.both });
    else if (!email && !whatsapp) ctx.addIssue({ code: 'custom', path: ['email'], message: STOCK_WAIT_MESSAGES.contact });
    else if (email && !z.email().safeParse(email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: STOCK_WAIT_MESSAGES.email });
    else if (whatsapp && normaliseWhatsApp(whatsapp) === null) ctx.addIssue({ code: 'custom', path: ['whatsapp'], message: STOCK_WAIT_MESSAGES.whatsapp });
    if (input.consent === undefined) ctx.addIssue({ code: 'custom', path: ['consent'], message: STOCK_WAIT_MESSAGES.consent });
  });
export type StockWaitInput = z.output<typeof StockWaitInputSchema>;

/** A checked sign-up as the catalog keeps it: the variant (if named), the channel and the contact normalised. */
export function stockWaitOf(input: StockWaitInput): { variant?: string; channel: StockWaitChannel; contact: string } {
  const variant = input.variant ? input.variant : undefined;
  if (input.email) return { variant, channel: StockWaitChannel.Email, contact: normaliseEmail(input.email) };
  const digits = normaliseWhatsApp(input.whatsapp ?? '');
  if (digits === null) throw new RangeError('stockWaitOf needs a checked sign-up');
  return { variant, channel: StockWaitChannel.WhatsApp, contact: digits };
}

/** Each failing field's first message (for a form that shows them under its fields). */
export function stockWaitFieldErrors(values: unknown): Partial<Record<'variant' | 'email' | 'whatsapp' | 'consent', string>> {
  const parsed = StockWaitInputSchema.safeParse(values);
  const errors: Partial<Record<'variant' | 'email' | 'whatsapp' | 'consent', string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = (issue.path[0] ?? 'email') as keyof typeof errors;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** An unsubscribe token as the mails carry it: 32 random bytes, base64url. */
export const StockWaitTokenSchema = z.string({ error: STOCK_WAIT_MESSAGES.badToken }).regex(/^[A-Za-z0-9_-]{43}$/, STOCK_WAIT_MESSAGES.badToken);

/** `catalog.stock-waits.create`: the product named by the URL, and the checked sign-up. */
export const CreateStockWaitRequestSchema = z.object({
  productId: z.string(),
  variantId: z.string().optional(),
  channel: z.enum([StockWaitChannel.Email, StockWaitChannel.WhatsApp]),
  contact: z.string().min(3).max(STOCK_WAIT_LIMITS.email),
});
export type CreateStockWaitRequest = z.input<typeof CreateStockWaitRequestSchema>;

/** `catalog.stock-waits.unsubscribe`: the mail's token. */
export const UnsubscribeStockWaitRequestSchema = z.object({ token: StockWaitTokenSchema });
export type UnsubscribeStockWaitRequest = z.input<typeof UnsubscribeStockWaitRequestSchema>;

/** The answer to a sign-up or an unsubscribe: a message for the shopper. */
export const StockWaitAnswerSchema = z.object({ message: z.string() });
export type StockWaitAnswer = z.infer<typeof StockWaitAnswerSchema>;

/** `catalog.stock-waits.send` (the owner's "tell them now", and each periodic run): one batch's outcome. */
export const StockWaitBatchSchema = z.object({
  /** Waiting shoppers told in this batch (a mail queued to each, or to the owner for a WhatsApp contact). */
  told: z.number().int(),
  /** Expired sign-ups dropped. */
  expired: z.number().int(),
});
export type StockWaitBatch = z.infer<typeof StockWaitBatchSchema>;

/**
 * A line of the owner's restock list (issue 26): a product, or one of its variants named as the variant (issue 28),
 * with how many shoppers wait for it.
 */
export const RestockListItemSchema = ProductSummarySchema.extend({
  /** The variant this line is (absent: the product's implicit variant). */
  variant: z.string().optional(),
  /** Its values' labels ("16 oz / Cocoa"). */
  variantLabel: z.string().optional(),
  /** Shoppers waiting (not yet told, not expired) for this variant. */
  waiting: z.number().int(),
});
export type RestockListItem = z.infer<typeof RestockListItemSchema>;

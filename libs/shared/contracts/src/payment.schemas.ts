import { z } from 'zod';
import { PAYMENT_REDIRECT_KEYS } from './payment';

/** The redirect parameters the API accepts (all strings, each bounded); unknown keys are dropped. */
export const PaymentRedirectParamsSchema = z.object(
  Object.fromEntries(PAYMENT_REDIRECT_KEYS.map((k) => [k, z.string().max(1000).optional()])) as Record<
    (typeof PAYMENT_REDIRECT_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** 'oid-' + 12 random characters, made by the order service. */
export const PaymentReferenceSchema = z.string().regex(/^oid-[A-Za-z0-9]{12}$/, 'Payment reference is not valid');

/** `payment.payments.create`: the order service asks the provider for a hosted payment page. */
export const CreatePaymentRequestSchema = z.object({
  orderId: z.uuid(),
  /** 'oid-' + 12 random characters, made by the order service; unique. */
  reference: PaymentReferenceSchema,
  /** The server-side total in cents. */
  totalCents: z.number().int().min(1),
  customer: z.object({ fname: z.string(), lname: z.string(), email: z.string(), phone: z.string(), city: z.string(), street: z.string() }),
  /** Where the provider sends the shopper back: `{STOREFRONT_URL}/checkout/{orderId}`. */
  responseUrl: z.url().max(255, 'The response url is longer than WiPay allows'),
});
export type CreatePaymentRequest = z.input<typeof CreatePaymentRequestSchema>;

/** `payment.payments.verify`: is this redirect a real result for this order's reference? */
export const VerifyPaymentRequestSchema = z.object({
  orderId: z.uuid(),
  totalCents: z.number().int().min(1),
  params: PaymentRedirectParamsSchema,
});
export type VerifyPaymentRequest = z.input<typeof VerifyPaymentRequestSchema>;

/**
 * `payment.payments.mode`'s answer (also `GET /api/payments/mode`): `testPayments` is true for a staging shop, a
 * production payment service that takes no real card payment (the sandbox, allowed by PAYMENT_SANDBOX_IN_PRODUCTION);
 * the storefront and the admin then say so on every page.
 */
export const PaymentModeSchema = z.object({ testPayments: z.boolean() });
export type PaymentMode = z.infer<typeof PaymentModeSchema>;

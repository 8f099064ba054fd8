import { isMoneyAmount } from '@shop/money';
import { z } from 'zod';
import { DaySchema } from './order.schemas';
import type { VerifyPaymentResponse } from './payment';

/**
 * Issue 29, card payments whose redirect never came back: a second path to the verified payment (a look-up at the
 * provider by order reference, before the order expires) and the owner's own record of a payment WiPay shows.
 */

/** A provider's transaction id as the owner copies it from WiPay's dashboard. */
export const CardTransactionIdSchema = z
  .string({ error: 'The WiPay transaction id is required' })
  .trim()
  .min(1, 'The WiPay transaction id is required')
  .max(120, 'The WiPay transaction id must be at most 120 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'The WiPay transaction id has only letters, digits, - and _');

/** `POST /api/orders/{id}/card-payment`: what WiPay's dashboard shows for the payment (the admin form's fields). */
export const CardPaymentBodySchema = z.object({
  transactionId: CardTransactionIdSchema,
  amount: z
    .number({ error: 'The amount must be a number, e.g. 120.00' })
    .refine((v) => isMoneyAmount(v) && v > 0, 'The amount must be more than 0, with at most two decimals'),
  date: DaySchema,
  note: z.string({ error: 'The note must be text' }).trim().max(300, 'The note must be at most 300 characters').optional(),
});
export type CardPaymentBody = z.output<typeof CardPaymentBodySchema>;

/** `order.orders.record-card-payment`: the owner's record of a card payment for an unpaid card order. */
export const RecordCardPaymentRequestSchema = z.object({
  id: z.string(),
  transactionId: CardTransactionIdSchema,
  amountCents: z.number().int().min(1),
  date: DaySchema,
  note: z.string().trim().max(300).optional(),
});
export type RecordCardPaymentRequest = z.input<typeof RecordCardPaymentRequestSchema>;

/** `payment.payments.lookup`: has the provider a payment for any reference the shop sent for this order? */
export const LookupPaymentRequestSchema = z.object({ orderId: z.uuid(), totalCents: z.number().int().min(1) });
export type LookupPaymentRequest = z.input<typeof LookupPaymentRequestSchema>;

/**
 * The look-up's answer: `available` false when the provider has no look-up (live WiPay without WIPAY_LOOKUP_URL);
 * `paid` is the verified payment (the same answer as a verified redirect), or null when none was found.
 */
export interface LookupPaymentResponse {
  available: boolean;
  paid: (VerifyPaymentResponse & { reference: string }) | null;
}

/** `payment.payments.record`: the owner's record, with the checks of a redirect (the amount, a transaction id once). */
export const RecordPaymentRequestSchema = z.object({
  orderId: z.uuid(),
  totalCents: z.number().int().min(1),
  transactionId: CardTransactionIdSchema,
  amountCents: z.number().int().min(1),
  date: DaySchema,
});
export type RecordPaymentRequest = z.input<typeof RecordPaymentRequestSchema>;

/** `order.orders.expired-card`: card orders that expired within the last `days` days, newest first. */
export const ExpiredCardOrdersRequestSchema = z.object({ days: z.number().int().min(1).max(31).default(7) });
export type ExpiredCardOrdersRequest = z.input<typeof ExpiredCardOrdersRequestSchema>;

export const RECORD_CARD_PAYMENT_USED = 'This WiPay transaction id is already recorded';

import { isMoneyAmount } from '@shop/money';
import { z } from 'zod';
import { DaySchema } from './order.schemas';

/**
 * Issue 29, bank transfer: the shopper pays into one of the shop's local bank accounts with the order number as
 * the reference; the order holds its stock meanwhile; the owner marks it paid with what the bank shows.
 */

/** `POST /api/orders/{id}/transfer-payment`: what the shop's bank statement shows (the admin form's fields). */
export const TransferPaymentBodySchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number, e.g. 120.00' })
    .refine((v) => isMoneyAmount(v) && v > 0, 'The amount must be more than 0, with at most two decimals'),
  date: DaySchema,
  reference: z
    .string({ error: 'The bank reference is required' })
    .trim()
    .min(1, 'The bank reference is required')
    .max(100, 'The bank reference must be at most 100 characters')
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'The bank reference must be one line of text'),
  note: z.string({ error: 'The note must be text' }).trim().max(300, 'The note must be at most 300 characters').optional(),
});
export type TransferPaymentBody = z.output<typeof TransferPaymentBodySchema>;

/** `order.orders.record-transfer`: the owner's record of a transfer for a bank-transfer order still held. */
export const RecordTransferRequestSchema = z.object({
  id: z.string(),
  amountCents: z.number().int().min(1),
  date: DaySchema,
  reference: z.string().trim().min(1).max(100),
  note: z.string().trim().max(300).optional(),
});
export type RecordTransferRequest = z.input<typeof RecordTransferRequestSchema>;

export const BANK_TRANSFER_OFF = 'Bank transfer is not available right now. Please choose another way to pay.';

/** The text of the flag an order gets when the transfer recorded is not its total. */
export function transferDifferenceFlag(differenceCents: number, format: (amount: number) => string): string | null {
  if (differenceCents === 0) return null;
  return differenceCents < 0
    ? `Partial transfer: ${format(-differenceCents / 100)} short of the total`
    : `Transfer over the total by ${format(differenceCents / 100)}`;
}

/** The WhatsApp message a shopper sends with the proof of transfer (prefilled in a wa.me link). */
export function transferProofText(order: { orderNumber: string; totalPrice: number }, format: (amount: number) => string): string {
  return `Hi, here is my proof of transfer for order ${order.orderNumber} (${format(order.totalPrice)}). The reference I used is ${order.orderNumber}.`;
}

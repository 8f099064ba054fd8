import { z } from 'zod';
import { SHOP_TIME_ZONE } from './shop-time';

// Issue 29: the bank-transfer details an order carries (read by order.schemas.ts, so this file imports none of it).

/** A bank account as the order keeps it (what the shopper was told to pay into). */
export const OrderBankAccountSchema = z.object({
  bank: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  accountType: z.string(),
  instructions: z.string(),
});

/** The transfer details an order carries: the accounts, the shop's WhatsApp for the proof, and the hold's end. */
export const OrderBankTransferSchema = z.object({
  accounts: z.array(OrderBankAccountSchema),
  /** The shop's WhatsApp number when the order was placed ('' when none). */
  whatsapp: z.string(),
  /** When the stock goes back unless the transfer is recorded (ISO). */
  holdUntil: z.string().nullable(),
});
export type OrderBankTransfer = z.infer<typeof OrderBankTransferSchema>;

/** The owner's record of the transfer: `difference` is received minus due (negative: short; positive: too much). */
export const TransferPaymentSchema = z.object({
  amount: z.number(),
  date: z.string(),
  reference: z.string(),
  difference: z.number(),
});
export type TransferPayment = z.infer<typeof TransferPaymentSchema>;

/** A time as people in Trinidad and Tobago read it: `27 Nov 2026, 2:36 pm`. */
function shopTimeText(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }).format(
    new Date(iso),
  );
}

/** One account in one line: `Republic Bank · Island Glow Ltd · Chequing 123-456-789`. */
export function bankAccountLine(a: z.infer<typeof OrderBankAccountSchema>): string {
  return `${a.bank} · ${a.accountName} · ${a.accountType} ${a.accountNumber}${a.instructions ? ` (${a.instructions.replace(/\s*\n\s*/g, ' ')})` : ''}`;
}

/**
 * What the shopper is told to do, the same in the confirmation mail, on the result page and on the receipt: the
 * amount, the accounts, the order number as the reference, and the hold's end.
 */
export function transferInstructions(
  order: { orderNumber: string; totalPrice: number; bankTransfer?: OrderBankTransfer | null },
  format: (amount: number) => string,
): string[] {
  const transfer = order.bankTransfer;
  if (!transfer) return [];
  return [
    `Please transfer ${format(order.totalPrice)} to ${transfer.accounts.length === 1 ? 'this account' : 'one of these accounts'}, with your order number ${order.orderNumber} as the reference:`,
    ...transfer.accounts.map(bankAccountLine),
    transfer.holdUntil
      ? `Your items are held for you until ${shopTimeText(transfer.holdUntil)}. If the transfer has not reached us by then, they go back on sale.`
      : 'Your items are held for you until the transfer reaches us.',
  ];
}

/**
 * A proof of transfer the shopper uploaded (issue 29): a photo or a PDF, kept privately; only the owner opens the
 * file (`GET /api/orders/{id}/transfer-proofs/{proofId}`), the shopper sees that it was received.
 */
export const TransferProofSchema = z.object({
  id: z.string().meta({ format: 'uuid' }),
  kind: z.enum(['image', 'pdf']),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string().meta({ format: 'date-time' }),
});
export type TransferProof = z.infer<typeof TransferProofSchema>;

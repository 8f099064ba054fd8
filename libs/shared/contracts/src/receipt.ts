import { formatTTD, fromCents, toCents } from '@shop/money';
import { transferInstructions } from './bank-transfer-details';
import { z } from 'zod';
import { ORDER_NUMBER_PREFIX } from './order';
import type { Order } from './order.schemas';
import { OrderState } from './order-lifecycle';
import type { SiteSettings } from './settings';
import { PayOnDeliverySchema } from '@shop/rules';

/** The shop's name as receipts print it. */
export const RECEIPT_SHOP_NAME = 'Island Glow Hair & Beauty';

/** Trinidad and Tobago's standard VAT rate; shop prices include it when the shop is VAT registered. */
export const VAT_RATE_PERCENT = 12.5;

/**
 * The orders that have a receipt: the confirmed ones. A card order is confirmed once paid, an in-person order
 * as soon as it is placed; both stay confirmed while out for delivery and once delivered. Unpaid, failed and
 * expired card orders have none, and neither has a cancelled or refunded order (its sale was undone). A bank-transfer
 * order held for its transfer has one (issue 29): it says how to pay, the accounts and the reference.
 */
export const RECEIPT_STATES: readonly OrderState[] = [OrderState.Paid, OrderState.InPerson, OrderState.OutForDelivery, OrderState.Delivered, OrderState.AwaitingTransfer];

/** Why an order has no receipt (the 409's message), or null when it has one. */
export function receiptRefusal(order: Pick<Order, 'state'>): string | null {
  if (RECEIPT_STATES.includes(order.state)) return null;
  if (order.state === OrderState.Cancelled || order.state === OrderState.RefundDue || order.state === OrderState.Refunded) {
    return 'This order was cancelled, so it has no receipt';
  }
  return 'A receipt is available once the order is confirmed: paid by card, or placed to pay in person';
}

/**
 * The VAT part of a VAT-inclusive amount, in whole cents: total × 12.5 / 112.5, which is exactly total / 9,
 * rounded to the nearest cent. A whole number of cents divided by 9 never ends in exactly half a cent, so the
 * rounding has no ties to break.
 */
export function vatPartCents(totalCents: number): number {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`Not a whole number of cents: ${totalCents}`);
  return Math.round((totalCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

const money = z.number();

/** What a receipt shows, whatever prints it (the PDF of the mail, the tracking page and the admin). */
export const ReceiptSchema = z.object({
  shop: z.object({ name: z.string(), phone: z.string().nullable(), whatsapp: z.string().nullable() }),
  orderId: z.string(),
  orderNumber: z.string(),
  /** When the order was placed (ISO). */
  placedAt: z.string(),
  customerName: z.string(),
  lines: z.array(z.object({ name: z.string(), qty: z.number().int(), unitPrice: money, lineTotal: money })),
  itemsTotal: money,
  discount: z.object({ code: z.string(), amount: money }).nullable(),
  delivery: z.object({ label: z.string(), cost: money }),
  total: money,
  payment: z.object({
    method: z.enum(['card', 'in_person', 'bank_transfer']),
    /** Issue 29: a pay-on-delivery order's cash or Linx (absent on older receipts). */
    onDelivery: PayOnDeliverySchema.nullable().optional(),
    /** When the money was taken (ISO); null for an in-person order still to be paid on delivery. */
    paidAt: z.string().nullable(),
    reference: z.string().nullable(),
    /** Issue 29: a bank-transfer order still to pay: the amount, the accounts, the reference, the hold (one line each). */
    instructions: z.array(z.string()).optional(),
  }),
  /** Only when the shop is VAT registered: the rate, the VAT part of the total and the registration number. */
  vat: z.object({ ratePercent: z.number(), amount: money, registrationNumber: z.string() }).nullable(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** `notification.receipt.render`: the receipt printed as a PDF by the notification service. */
export const RenderReceiptRequestSchema = z.object({ receipt: ReceiptSchema });
export type RenderReceiptRequest = z.input<typeof RenderReceiptRequestSchema>;
/** A printed PDF (a receipt, a packing slip, a run sheet): its file name and its bytes, base64. */
export interface RenderedPdf {
  filename: string;
  pdfBase64: string;
}
export type RenderReceiptResponse = RenderedPdf;

/** The file name a receipt downloads as: `receipt-IG-10427.pdf`. */
export function receiptFileName(orderNumber: string): string {
  const safe = orderNumber.replace(/[^A-Za-z0-9-]/g, '') || `${ORDER_NUMBER_PREFIX}order`;
  return `receipt-${safe}.pdf`;
}

/** The receipt of an order, with the shop's contact and VAT registration from the site settings. */
export function receiptFromOrder(order: Order, settings: Pick<SiteSettings, 'contactSettings' | 'receiptSettings'>): Receipt {
  const lines = (order.orderItems ?? []).map((i) => ({ name: i.name, qty: i.qty, unitPrice: i.price, lineTotal: fromCents(toCents(i.price) * i.qty) }));
  const vatNumber = settings.receiptSettings?.vatRegistrationNumber?.trim() ?? '';
  const area = order.deliveryArea ?? null;
  return {
    shop: { name: RECEIPT_SHOP_NAME, phone: settings.contactSettings.phone || null, whatsapp: settings.contactSettings.whatsapp || null },
    orderId: order._id,
    orderNumber: order.orderNumber,
    placedAt: order.createdAt,
    customerName: [order.customer?.fname, order.customer?.lname].filter(Boolean).join(' '),
    lines,
    itemsTotal: order.itemsPrice,
    discount: order.discount ? { code: order.discount.code, amount: order.discount.amount } : null,
    delivery: { label: area ? `Delivery: ${area.name} (${area.estimatedDays})` : 'Delivery', cost: order.deliveryCost },
    total: order.totalPrice,
    payment: {
      method: order.paymentMethod,
      ...(order.paymentMethod === 'in_person' ? { onDelivery: order.payOnDelivery ?? null } : {}),
      paidAt: order.isPaid ? order.paidAt : null,
      reference: order.paymentMethod === 'bank_transfer' ? (order.transferPayment?.reference ?? null) : order.paymentReference,
      ...(order.paymentMethod === 'bank_transfer' && !order.isPaid ? { instructions: transferInstructions(order, formatTTD) } : {}),
    },
    vat: vatNumber ? { ratePercent: VAT_RATE_PERCENT, amount: fromCents(vatPartCents(toCents(order.totalPrice))), registrationNumber: vatNumber } : null,
  };
}

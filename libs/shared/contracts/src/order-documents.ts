import { fromCents, toCents } from '@shop/money';
import { z } from 'zod';
import type { Order } from './order.schemas';
import { OrderState } from './order-lifecycle';
import { DaySchema } from './order.schemas';
import { shopDayOf } from './shop-time';
import { RECEIPT_SHOP_NAME, vatPartCents } from './receipt';
import type { SiteSettings } from './settings';
import { PayOnDeliverySchema } from '@shop/rules';
import { paymentMethodLabel, payOnDeliveryWords } from './payment-methods';

/**
 * Issue 26: the owner's printed documents (a packing slip per order, a day's delivery run sheet grouped by area)
 * and the orders export for the accountant. The gateway builds them from the orders with the mappers below; the
 * notification service prints the PDFs with the same library as the receipts.
 */

/** The orders that are waiting to go out: confirmed (paid by card, or placed to pay in person) and not yet delivered. */
export const TO_DELIVER_STATES: readonly OrderState[] = [OrderState.Paid, OrderState.InPerson, OrderState.OutForDelivery];

const money = z.number();
const itemLine = z.object({ name: z.string(), qty: z.number().int() });

/** What a packing slip prints: who, where, and what goes in the bag with a tick box per line. */
export const PackingSlipSchema = z.object({
  shop: z.object({ name: z.string(), phone: z.string().nullable() }),
  orderNumber: z.string(),
  placedAt: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  area: z.string().nullable(),
  lines: z.array(itemLine),
  /** 'Paid by card', or the amount to collect for a pay-in-person order. */
  payment: z.string(),
  /** The delivery note, when the order has one (checkout asks for none yet). */
  note: z.string().nullable(),
});
export type PackingSlip = z.infer<typeof PackingSlipSchema>;

/** One stop of a run sheet. */
export const RunSheetStopSchema = z.object({
  orderNumber: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  lines: z.array(itemLine),
  /** The amount to collect at the door (pay-in-person orders not yet paid), or null. */
  collect: money.nullable(),
  /** Issue 29: how the shopper said they will pay at the door (cash or Linx); null when not chosen or nothing to collect. */
  collectWith: PayOnDeliverySchema.nullable().optional(),
  status: z.string(),
});
export type RunSheetStop = z.infer<typeof RunSheetStopSchema>;

/** A day's deliveries, grouped by delivery area (areas by name, stops by order number). */
export const RunSheetSchema = z.object({
  shop: z.object({ name: z.string(), phone: z.string().nullable() }),
  /** The day, YYYY-MM-DD in the shop's time zone. */
  date: z.string(),
  areas: z.array(z.object({ name: z.string(), stops: z.array(RunSheetStopSchema) })),
  totalToCollect: money,
});
export type RunSheet = z.infer<typeof RunSheetSchema>;

/** `notification.packing-slip.render` and `notification.run-sheet.render`. */
export const RenderPackingSlipRequestSchema = z.object({ slip: PackingSlipSchema });
export type RenderPackingSlipRequest = z.input<typeof RenderPackingSlipRequestSchema>;
export const RenderRunSheetRequestSchema = z.object({ sheet: RunSheetSchema });
export type RenderRunSheetRequest = z.input<typeof RenderRunSheetRequestSchema>;

/** `order.orders.run-sheet`: the orders of a day's run, as the owner sees them. */
export const RunSheetRequestSchema = z.object({ date: DaySchema });
export type RunSheetRequest = z.input<typeof RunSheetRequestSchema>;
/** The most orders one run sheet prints (a typo guard; a day of this shop is far smaller). */
export const RUN_SHEET_MAX_ORDERS = 500;

/** The most days one orders export covers. */
export const ORDER_EXPORT_MAX_DAYS = 366;
export const ORDER_EXPORT_PAGE_SIZE = 500;

/** `order.orders.export`: a page of the orders placed from `from` to `to` (shop days, both included), oldest first. */
export const OrdersExportRequestSchema = z.object({
  from: DaySchema,
  to: DaySchema,
  page: z.number().int().min(1).default(1),
});
export type OrdersExportRequest = z.input<typeof OrdersExportRequestSchema>;

/** One order as the accountant's file lists it (amounts in TTD). */
export interface OrderExportRow {
  orderNumber: string;
  createdAt: string;
  customerName: string;
  area: string | null;
  itemsPrice: number;
  discount: number;
  deliveryCost: number;
  totalPrice: number;
  paymentMethod: Order['paymentMethod'];
  /** A pay-on-delivery order's cash or Linx (issue 29). */
  payOnDelivery?: Order['payOnDelivery'];
  isPaid: boolean;
  state: OrderState;
  deliveryStatus: Order['deliveryStatus'];
  /** The provider's transaction id, else the reference sent to it; null for in-person orders. */
  transactionReference: string | null;
}
export interface OrdersExportPage {
  rows: OrderExportRow[];
  page: number;
  pages: number;
}

/** The number of days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a from/to range cannot be exported (the 400's message), or null. */
export function exportRangeRefusal(from: string, to: string): string | null {
  const days = daysInRange(from, to);
  if (days < 1) return 'The start date must be on or before the end date';
  if (days > ORDER_EXPORT_MAX_DAYS) return `At most ${ORDER_EXPORT_MAX_DAYS} days can be exported at once`;
  return null;
}

/** The payment state as the owner says it. */
export function paymentStateText(row: Pick<OrderExportRow, 'isPaid' | 'state' | 'paymentMethod'>): string {
  switch (row.state) {
    case OrderState.AwaitingPayment:
      return 'Awaiting payment';
    case OrderState.AwaitingTransfer:
      return 'Awaiting bank transfer';
    case OrderState.PaymentFailed:
      return 'Payment failed';
    case OrderState.Expired:
      return 'Expired unpaid';
    case OrderState.RefundDue:
      return 'Refund due';
    case OrderState.Refunded:
      return 'Refunded';
    default:
      if (row.isPaid) return 'Paid';
      return row.paymentMethod === 'in_person' ? 'To pay in person' : 'Not paid';
  }
}

/** The fulfilment state as the owner says it. */
export function fulfilmentStateText(row: Pick<OrderExportRow, 'state' | 'deliveryStatus'>): string {
  if (row.state === OrderState.Cancelled || row.state === OrderState.RefundDue || row.state === OrderState.Refunded) return 'Cancelled';
  if (row.state === OrderState.AwaitingPayment || row.state === OrderState.PaymentFailed || row.state === OrderState.Expired) return 'Not started';
  if (row.state === OrderState.PaidOutOfStock) return 'Out of stock';
  if (row.state === OrderState.Delivered) return 'Delivered';
  if (row.state === OrderState.OutForDelivery) return 'Out for delivery';
  return 'Preparing';
}

/** The columns of the orders export, in order. */
export const ORDER_EXPORT_COLUMNS = [
  'Order number',
  'Date',
  'Customer',
  'Delivery area',
  'Subtotal (TTD)',
  'Discount (TTD)',
  'Delivery (TTD)',
  'VAT included (TTD)',
  'Total (TTD)',
  'Payment method',
  'Payment state',
  'Fulfilment state',
  'Transaction reference',
] as const;

const amount = (value: number) => fromCents(toCents(value)).toFixed(2);

/** An export row as the file's cells; the VAT column only when the shop is VAT registered. */
export function orderExportCells(row: OrderExportRow, vatRegistered: boolean): string[] {
  const cells = [
    row.orderNumber,
    shopDayOf(row.createdAt),
    row.customerName,
    row.area ?? '',
    amount(row.itemsPrice),
    amount(row.discount),
    amount(row.deliveryCost),
    amount(fromCents(vatPartCents(toCents(row.totalPrice)))),
    amount(row.totalPrice),
    paymentMethodLabel(row),
    paymentStateText(row),
    fulfilmentStateText(row),
    row.transactionReference ?? '',
  ];
  if (!vatRegistered) cells.splice(7, 1);
  return cells;
}

/** The header row of the export. */
export function orderExportHeader(vatRegistered: boolean): string[] {
  return ORDER_EXPORT_COLUMNS.filter((c) => vatRegistered || !c.startsWith('VAT'));
}

/** Whether the settings say the shop is VAT registered (it has a registration number). */
export function isVatRegistered(settings: Pick<SiteSettings, 'receiptSettings'>): boolean {
  return (settings.receiptSettings?.vatRegistrationNumber?.trim() ?? '') !== '';
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, and a tab or return first) gets a leading apostrophe. */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

const customerNameOf = (order: Order) => [order.customer?.fname, order.customer?.lname].filter(Boolean).join(' ');
const addressOf = (order: Order) => [order.customer?.street, order.customer?.city].filter(Boolean).join(', ');
const linesOf = (order: Order) => (order.orderItems ?? []).map((i) => ({ name: i.name, qty: i.qty }));
/** What the driver collects at the door: an in-person order not yet paid. */
const collectOf = (order: Order) => (order.paymentMethod === 'in_person' && !order.isPaid ? order.totalPrice : null);

/** The packing slip of an order. */
export function packingSlipFromOrder(order: Order, settings: Pick<SiteSettings, 'contactSettings'>): PackingSlip {
  const collect = collectOf(order);
  return {
    shop: { name: RECEIPT_SHOP_NAME, phone: settings.contactSettings.phone || null },
    orderNumber: order.orderNumber,
    placedAt: order.createdAt,
    customerName: customerNameOf(order),
    phone: order.customer?.phone ?? '',
    address: addressOf(order),
    area: order.deliveryArea?.name ?? null,
    lines: linesOf(order),
    payment: collect !== null ? `To collect on delivery: TT$${collect.toFixed(2)}, ${payOnDeliveryWords(order.payOnDelivery)}` : order.isPaid ? 'Paid' : 'Not paid',
    note: null,
  };
}

/** A run sheet of the day's orders: grouped by delivery area (by name; orders without an area last), stops by number. */
export function runSheetFromOrders(date: string, orders: Order[], settings: Pick<SiteSettings, 'contactSettings'>): RunSheet {
  const byArea = new Map<string, RunSheetStop[]>();
  const NO_AREA = 'No delivery area';
  const sorted = [...orders].sort((a, b) => a.orderNumber.localeCompare(b.orderNumber, 'en', { numeric: true }));
  let collectCents = 0;
  for (const order of sorted) {
    const area = order.deliveryArea?.name ?? NO_AREA;
    const collect = collectOf(order);
    if (collect !== null) collectCents += toCents(collect);
    const stop: RunSheetStop = {
      orderNumber: order.orderNumber,
      customerName: customerNameOf(order),
      phone: order.customer?.phone ?? '',
      address: addressOf(order),
      lines: linesOf(order),
      collect,
      collectWith: collect !== null ? (order.payOnDelivery ?? null) : null,
      status: order.state === OrderState.Delivered ? 'Delivered' : order.state === OrderState.OutForDelivery ? 'Out for delivery' : 'To deliver',
    };
    byArea.set(area, [...(byArea.get(area) ?? []), stop]);
  }
  const names = [...byArea.keys()].sort((a, b) => (a === NO_AREA ? 1 : b === NO_AREA ? -1 : a.localeCompare(b)));
  return {
    shop: { name: RECEIPT_SHOP_NAME, phone: settings.contactSettings.phone || null },
    date,
    areas: names.map((name) => ({ name, stops: byArea.get(name) ?? [] })),
    totalToCollect: fromCents(collectCents),
  };
}

/** File names: `packing-slip-IG-10427.pdf`, `run-sheet-2026-11-26.pdf`, `orders-2026-11-01-to-2026-11-30.csv`. */
export function packingSlipFileName(orderNumber: string): string {
  return `packing-slip-${orderNumber.replace(/[^A-Za-z0-9-]/g, '') || 'order'}.pdf`;
}
export function runSheetFileName(date: string): string {
  return `run-sheet-${date.replace(/[^0-9-]/g, '')}.pdf`;
}
export function ordersExportFileName(from: string, to: string): string {
  return `orders-${from.replace(/[^0-9-]/g, '')}-to-${to.replace(/[^0-9-]/g, '')}.csv`;
}

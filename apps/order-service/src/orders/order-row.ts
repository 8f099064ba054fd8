import { type DeliveryStatus, type Order, type OrderAction, type OrderActor, type OrderBankTransfer, ORDER_NUMBER_PREFIX, type OrderState, type OrderTimelineEntry, type PaymentMethod, type TransferPayment, type VariantFields } from '@shop/contracts';
import { fromCents } from '@shop/money';
import type { PayOnDelivery } from '@shop/rules';
import type { PaymentColumn, StockState } from './lifecycle/order-lifecycle';

/**
 * A line as stored: the catalog's name (the display name, "Mango Body Butter - 16 oz"), image and price (in cents) when
 * the stock was reserved, and the variant sold with its label (issue 28; absent for a product's implicit variant).
 */
export interface StoredLine extends VariantFields {
  product: string;
  name: string;
  image: string;
  qty: number;
  priceCents: number;
}

export type { StockState } from './lifecycle/order-lifecycle';

/** A row of orders.orders. */
export interface OrderRow {
  id: string;
  order_number: string | number;
  visitor_id: string;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  city: string;
  street: string;
  delivery_note: string;
  items: StoredLine[];
  items_cents: string | number;
  delivery_cents: string | number;
  total_cents: string | number;
  delivery_area_name: string | null;
  delivery_area_days: string | null;
  discount_code: string | null;
  discount_cents: string | number;
  payment_method: PaymentMethod;
  /** A pay-on-delivery order's cash or Linx (null for other orders and those placed before issue 29). */
  pay_on_delivery: PayOnDelivery | null;
  payment_state: PaymentColumn;
  payment_reference: string | null;
  transaction_id: string | null;
  is_paid: boolean;
  paid_at: Date | null;
  is_delivered: boolean;
  delivered_at: Date | null;
  delivery_status: DeliveryStatus;
  is_in_person: boolean;
  stock_state: StockState;
  state: OrderState;
  created_at: Date;
  /** An unconfirmed in-person order's hold (null once confirmed, and for card orders). */
  hold_until: Date | null;
  stock_short: boolean;
  client_ip: string | null;
  flags: string[];
  town_outside_area: boolean;
  /** When the owner archived the order (null: in the lists). */
  archived_at: Date | null;
  /** Issue 29: a bank-transfer order's accounts and the shop's WhatsApp number, as given to the shopper. */
  bank_transfer: { accounts: OrderBankTransfer['accounts']; whatsapp: string } | null;
  transfer_reminded_at: Date | null;
  transfer_amount_cents: string | number | null;
  transfer_date: string | Date | null;
  transfer_reference: string | null;
}

/** A row of orders.order_timeline. */
export interface TimelineRow {
  at: Date;
  action: OrderAction;
  from_state: OrderState | null;
  to_state: OrderState;
  actor: OrderActor;
  note: string | null;
}

export function toTimelineEntry(row: TimelineRow): OrderTimelineEntry {
  return { at: row.at.toISOString(), action: row.action, from: row.from_state, to: row.to_state, actor: row.actor, note: row.note };
}

/** The order as the API answers it; without `withContact` the customer shows only a first name. */
/** Who asks for an order: the visitor id they sent, the owner, a mailbox a code proved, the order's signed mail link. */
export interface OrderViewer {
  visitorId?: string;
  isAdmin?: boolean;
  /** A mailbox the shopper proved with a mailed code (issue 29), lower case. */
  email?: string;
  /** The gateway checked the order's signed mail link (issue 29). */
  signedLink?: boolean;
}

/**
 * Whether whoever asks may see an order whole: the owner, the visitor who placed it (issue 23), the holder of its
 * signed mail link, or a shopper who proved with a code that she reads the order's mailbox (issue 29).
 */
export function ownsOrder(row: Pick<OrderRow, 'visitor_id' | 'email'>, viewer: OrderViewer): boolean {
  if (viewer.isAdmin === true || viewer.signedLink === true) return true;
  if (viewer.visitorId !== undefined && viewer.visitorId === row.visitor_id) return true;
  return viewer.email !== undefined && viewer.email === row.email.toLowerCase();
}

export function toOrder(row: OrderRow, withContact = true): Order {
  const customer = withContact
    ? {
        id: row.visitor_id,
        fname: row.fname,
        lname: row.lname,
        email: row.email,
        phone: row.phone,
        city: row.city,
        street: row.street,
        // Only when the shopper gave one: an order without a note answers as before.
        ...(row.delivery_note ? { note: row.delivery_note } : {}),
      }
    : // The visitor id is the key to a shopper's tracking, so it is contact data too.
      { id: '', fname: row.fname };
  return {
    _id: row.id,
    orderNumber: `${ORDER_NUMBER_PREFIX}${row.order_number}`,
    customer,
    orderItems: row.items.map((l) => ({
      name: l.name,
      product: l.product,
      ...(l.variant === undefined ? {} : { variant: l.variant, variantLabel: l.variantLabel ?? '' }),
      qty: l.qty,
      price: fromCents(l.priceCents),
      image: l.image,
    })),
    itemsPrice: fromCents(Number(row.items_cents)),
    deliveryCost: fromCents(Number(row.delivery_cents)),
    deliveryArea: row.delivery_area_name !== null ? { name: row.delivery_area_name, estimatedDays: row.delivery_area_days ?? '' } : null,
    discount: row.discount_code !== null ? { code: row.discount_code, amount: fromCents(Number(row.discount_cents)) } : null,
    totalPrice: fromCents(Number(row.total_cents)),
    paymentMethod: row.payment_method,
    payOnDelivery: row.pay_on_delivery ?? null,
    // The reference names the card payment at the provider: only the shopper's and the owner's to see.
    paymentReference: withContact ? row.payment_reference : null,
    isPaid: row.is_paid,
    paidAt: row.paid_at?.toISOString() ?? null,
    isDelivered: row.is_delivered,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    deliveryStatus: row.delivery_status,
    isInPerson: row.is_in_person,
    createdAt: row.created_at.toISOString(),
    state: row.state,
    holdUntil: row.hold_until?.toISOString() ?? null,
    bankTransfer: bankTransferOf(row),
    // What the owner recorded of the transfer: the shopper's and the owner's to see.
    transferPayment: withContact ? transferPaymentOf(row) : null,
  };
}

function bankTransferOf(row: OrderRow): OrderBankTransfer | null {
  if (row.payment_method !== 'bank_transfer' || !row.bank_transfer) return null;
  return { accounts: row.bank_transfer.accounts ?? [], whatsapp: row.bank_transfer.whatsapp ?? '', holdUntil: row.hold_until?.toISOString() ?? null };
}

function transferPaymentOf(row: OrderRow): TransferPayment | null {
  if (row.transfer_amount_cents === null || row.transfer_amount_cents === undefined) return null;
  const cents = Number(row.transfer_amount_cents);
  const date = row.transfer_date instanceof Date ? row.transfer_date.toISOString().slice(0, 10) : String(row.transfer_date ?? '');
  return { amount: fromCents(cents), date, reference: row.transfer_reference ?? '', difference: fromCents(cents - Number(row.total_cents)) };
}

/**
 * The order as the owner's screens show it: with why it looked unusual when it was placed, whether it is archived,
 * and the provider's transaction id of its card payment (the order keeps the first verified one; a dispute names it).
 */
export function toOwnerOrder(row: OrderRow): Order {
  return {
    ...toOrder(row),
    flags: row.flags ?? [],
    townOutsideArea: row.town_outside_area === true,
    archivedAt: row.archived_at?.toISOString() ?? null,
    transactionId: row.transaction_id,
  };
}

/** Delivery states of an order (spec section 4 and product-rules section 5). */
export const DeliveryStatus = {
  Preparing: 'Preparing Order',
  PreparingInPerson: 'Preparing In Person Order',
  OutForDelivery: 'Out for Delivery',
  Delivered: 'Delivered',
} as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

// The order's wire shapes (Order, its requests and answers) are inferred from their schemas in order.schemas.ts.

/** How an order number is written: the shop's prefix and the number. */
export const ORDER_NUMBER_PREFIX = 'IG-';

/** The number an order-number search names ('IG-10427', 'ig10427' or '10427'), or null when the text is no order number. */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*(?:ig-?)?(\d{1,15})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

/** Events the order service publishes on NATS after its database commit. */
export const OrderEvent = {
  Placed: 'order.placed',
  Paid: 'order.paid',
  PaymentFailed: 'order.payment_failed',
  StatusChanged: 'order.status_changed',
  Deleted: 'order.deleted',
  /** The owner cancelled the order (its stock goes back; a paid card order is then due a refund). */
  Cancelled: 'order.cancelled',
  /** The owner recorded the refund of a cancelled paid order. */
  Refunded: 'order.refunded',
  /** Issue 29: a bank-transfer order's hold ends soon; the shopper is reminded to transfer. */
  TransferReminder: 'order.transfer_reminder',
} as const;
export type OrderEvent = (typeof OrderEvent)[keyof typeof OrderEvent];

/** The six admin order tabs (spec and product-rules section 5). */
export const OrderTab = {
  InPerson: 'inperson',
  Card: 'card',
  Delivering: 'delivering',
  Delivered: 'delivered',
  All: 'all',
  Unpaid: 'unpaid',
  /** Paid card orders whose stock was sold before the payment arrived: the owner restocks or refunds. */
  OutOfStock: 'outofstock',
} as const;
export type OrderTab = (typeof OrderTab)[keyof typeof OrderTab];

/** The columns the admin's order table sorts by (server-side: the list is paged). */
export const ORDER_SORTS = ['date', 'number', 'customer', 'area', 'total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
/** The admin's lists show the current orders by default; archived ones only when asked for. */
export type OrderListStatus = 'current' | 'archived';

import type { OrderAction, OrderState, OrderTimelineEntry } from './order-lifecycle';
import type { OrderViewer } from './payment';

/** Delivery states of an order (spec section 4 and product-rules section 5). */
export const DeliveryStatus = {
  Preparing: 'Preparing Order',
  PreparingInPerson: 'Preparing In Person Order',
  OutForDelivery: 'Out for Delivery',
  Delivered: 'Delivered',
} as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

export type PaymentMethod = 'card' | 'in_person';

/** The customer of an order; `id` is the visitor id. Contact fields are shown only to that visitor or an admin. */
export interface OrderCustomer {
  id: string;
  fname: string;
  lname?: string;
  email?: string;
  phone?: string;
  city?: string;
  street?: string;
  /** The shopper's delivery note (a landmark, directions); empty or absent when none was given. */
  note?: string;
}

/** A line of an order, priced by the server at the time the order was placed. */
export interface OrderItem {
  name: string;
  product: string;
  qty: number;
  price: number;
  image: string;
}

/** An order as the API answers it (field names are the spec's, plus the figures the server computed). */
export interface Order {
  _id: string;
  /** The short number people read and say ('IG-10427'): allocated once, never reused. Links keep `_id`. */
  orderNumber: string;
  customer: OrderCustomer;
  orderItems: OrderItem[];
  itemsPrice: number;
  deliveryCost: number;
  /** The delivery area's name and days as they were when the order was placed; null for orders from before areas. */
  deliveryArea: { name: string; estimatedDays: string } | null;
  /** The discount code used and its saving (TTD); `totalPrice` = itemsPrice - discount.amount + deliveryCost. */
  discount: { code: string; amount: number } | null;
  totalPrice: number;
  paymentMethod: PaymentMethod;
  /** The reference sent to the payment provider ('oid-' + 12 characters), once a payment was asked for. */
  paymentReference: string | null;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  deliveryStatus: DeliveryStatus;
  isInPerson: boolean;
  createdAt: string;
  /** Where the order stands (the lifecycle's state); the fields above are what it means for them. */
  state: OrderState;
  /** What happened to the order, oldest first: only on a single order's answer (GET /api/orders/{id}). */
  timeline?: OrderTimelineEntry[];
  /** What the owner can do with the order now, by the lifecycle table: only on an admin's single-order answer. */
  actions?: OrderAction[];
  /** An unconfirmed in-person order's hold: its stock goes back at this time unless the owner confirms it (null otherwise). */
  holdUntil?: string | null;
  /** Why the order looks unusual to the shop (set when it was placed, e.g. 'Quantity far above usual'): admin answers only. */
  flags?: string[];
  /** The town typed is not among the chosen delivery area's towns (worked out by the server when it was placed): admin answers only. */
  townOutsideArea?: boolean;
  /** When the owner archived the order (it leaves the admin's lists, stays in the reports); null when not. Admin answers only. */
  archivedAt?: string | null;
  /** The card payment's transaction id at the provider (WiPay's or the sandbox's), for a dispute. Admin answers only. */
  transactionId?: string | null;
  /** Whether the owner may delete the order for good (unpaid, and no stock held or sold). Admin's single-order answer only. */
  deletable?: boolean;
  /** Whether the owner may archive the order (it needs nothing more from her). Admin's single-order answer only. */
  archivable?: boolean;
}

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

/** A checkout as the gateway validated it; prices and totals are the order service's. */
export interface CreateOrderRequest {
  customer: Required<OrderCustomer>;
  /** `confirmedPrice`: the unit price the shopper saw (only to name what changed; never charged). */
  items: Array<{ product: string; qty: number; confirmedPrice?: number }>;
  inPerson: boolean;
  /** The total the shopper confirmed: when the server's differs, the order is refused (409) and nothing is written. */
  confirmedTotal?: number;
  /** From the Idempotency-Key header: a retry with the same key answers the first order. */
  idempotencyKey?: string;
  /** The delivery area picked (the catalog prices it); none: the shop's default area. */
  deliveryAreaId?: string;
  /** A discount code the shopper entered. */
  discountCode?: string;
  /** The client's address as the gateway saw it (trust-proxy applied): the order service limits the stock one address holds. */
  clientIp?: string;
}

/** Why a cart line cannot be sold as it stands. */
export type QuoteProblem = 'unavailable' | 'out_of_stock' | 'not_enough_stock';

/** A cart line as the server would price it now. */
export interface QuoteLine {
  product: string;
  /** The catalog's name; null for a product the catalog never had. */
  name: string | null;
  image: string | null;
  /** Current unit price; null when the product is not sold. */
  price: number | null;
  countInStock: number;
  qty: number;
  /** price x qty, or 0 for a line with a problem (it is left out of the totals). */
  lineTotal: number;
  problem: QuoteProblem | null;
}

export interface QuoteRequest {
  items: Array<{ product: string; qty: number }>;
  deliveryAreaId?: string;
  discountCode?: string;
  /** The shopper's email, when typed: a code's per-customer limit is checked against it. */
  email?: string;
}

/** What the server would charge for a cart now: only lines without a problem count. */
export interface OrderQuote {
  lines: QuoteLine[];
  itemsPrice: number;
  deliveryCost: number;
  /** The area the delivery cost is for (the default area when none was asked for). */
  deliveryArea: { _id: string; name: string; estimatedDays: string } | null;
  /** The saving the code gives now; null without a code or when the code cannot be used (see discountProblem). */
  discount: { code: string; amount: number } | null;
  /** Why the code entered gives no saving now (unknown, ended, used up, minimum order...). */
  discountProblem: string | null;
  totalPrice: number;
}

export interface GetOrderRequest {
  id: string;
  visitorId?: string;
  isAdmin: boolean;
}

export interface TrackOrdersRequest {
  visitorId: string;
}

/** The columns the admin's order table sorts by (server-side: the list is paged). */
export const ORDER_SORTS = ['date', 'number', 'customer', 'area', 'total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
/** The admin's lists show the current orders by default; archived ones only when asked for. */
export type OrderListStatus = 'current' | 'archived';

export interface ListOrdersRequest {
  tab?: OrderTab;
  q?: string;
  page?: number;
  pageSize?: number;
  /** Default `date`, newest first. */
  sort?: OrderSort;
  dir?: SortDirection;
  /** Default `current` (archived orders left out). */
  status?: OrderListStatus;
}

/** `order.orders.archive`: the owner archives (true) or restores (false) an order. */
export interface ArchiveOrderRequest {
  id: string;
  archived: boolean;
}

export interface OrderPage {
  orders: Order[];
  page: number;
  pages: number;
  total: number;
}

export interface UpdateOrderStatusRequest {
  id: string;
  deliveryStatus: DeliveryStatus;
}

export interface OrderIdRequest {
  id: string;
}

/** `order.orders.delivered-to`: whether a visitor has had this product delivered (a review is then from a verified buyer). */
export interface DeliveredToRequest {
  visitorId: string;
  productId: string;
}
export interface DeliveredToResponse {
  delivered: boolean;
}

/** One order, asked for by someone (`order.orders.confirm-in-person`): the answer is redacted unless they own it. */
export interface OrderViewRequest extends OrderViewer {
  id: string;
}

export interface OrderStatsRequest {
  /** Days as YYYY-MM-DD in the shop's time zone (SHOP_TIME_ZONE), both included. */
  from: string;
  to: string;
}

/** The dashboard's figures. */
export interface OrderStats {
  from: string;
  to: string;
  days: Array<{ date: string; revenue: number; orders: number }>;
  tabs: Record<OrderTab, number>;
  bestSellers: Array<{ product: string; name: string; qty: number; revenue: number }>;
  /** Orders waiting for the owner: paid card orders and in-person orders not yet delivered. */
  badge: number;
}

/** What a stock trigger did for an order. */
export interface OrderStockResponse {
  orderId: string;
  stock: 'reserved' | 'commit_queued' | 'committed' | 'released' | 'returned';
}

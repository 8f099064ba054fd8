import { isMoneyAmount } from '@shop/money';
import { CheckoutCustomerSchema, CheckoutItemSchema, DeliveryAreaIdSchema, DiscountCodeTextSchema, PayOnDeliverySchema, QuoteItemsSchema, VisitorIdSchema } from '@shop/rules';
import { z } from 'zod';
import { OrderDeliveryAreaSchema } from './delivery-areas';
import { DeliveryStatus, ORDER_SORTS, OrderTab } from './order';
import { OrderAction, OrderActorSchema, OrderState } from './order-lifecycle';
import { PaymentRedirectParamsSchema } from './payment.schemas';
import { OrderBankTransferSchema, TransferPaymentSchema, TransferProofSchema } from './bank-transfer-details';
import { dateTime, money, pageCounts } from './wire';

// The order's zod schemas: what the order patterns accept and what an order looks like on the wire. Each type is
// inferred from its one schema: a request as its sender writes it (`z.input`), an answer as it is read (`z.infer`).

/** A line's variant (issue 28): absent for a product's implicit variant, whose id is the product's. */
const VariantWireFields = {
  variant: z.string().optional().meta({ description: "The variant sold; absent: the product's only (implicit) variant" }),
  variantLabel: z.string().optional().meta({ description: "The variant's values in option order, e.g. '16 oz / Cocoa'" }),
};

/** Order ids are UUIDs; the order service answers anything else with a clean 404. */
export const OrderIdSchema = z.uuid();

export const DeliveryStatusSchema = z.enum(DeliveryStatus, { error: 'Delivery status is not valid' });

const TABS = Object.values(OrderTab);

/** A discount code as an order or a quote applies it: the code and its saving (TTD). */
const AppliedDiscountSchema = z.object({ code: z.string(), amount: money });

/** One step of an order's history, recorded in the same transaction as the change. */
export const OrderTimelineEntrySchema = z.object({
  at: dateTime,
  action: z.enum(OrderAction),
  from: z.enum(OrderState).nullable(),
  to: z.enum(OrderState),
  actor: OrderActorSchema,
  note: z.string().nullable(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntrySchema>;

/** An order as the API answers it and as order events carry it (field names are the spec's, plus the figures the server computed). */
export const OrderSchema = z.object({
  _id: z.string().meta({ format: 'uuid' }),
  orderNumber: z.string().meta({ description: "The number people read and say, e.g. 'IG-10427'" }),
  customer: z
    .object({
      id: z.string(),
      fname: z.string(),
      lname: z.string().optional(),
      email: z.string().optional(),
      phone: z.string().optional(),
      city: z.string().optional(),
      street: z.string().optional(),
      /** The shopper's delivery note (a landmark, directions); absent when none was given. */
      note: z.string().optional(),
    })
    .meta({ description: 'Contact fields (and the visitor id) only for the owning visitor or an admin' }),
  /**
   * The lines, priced by the server at the time the order was placed. `name` is the display name as sold ("Mango Body
   * Butter - 16 oz"); `variant` and `variantLabel` only for a line of a named variant (issue 28).
   */
  orderItems: z.array(
    z.object({ name: z.string(), product: z.string(), ...VariantWireFields, qty: z.number().int(), price: money, image: z.string() }),
  ),
  itemsPrice: money,
  deliveryCost: money,
  deliveryArea: OrderDeliveryAreaSchema
    .nullable()
    // Events written before areas existed carry none.
    .default(null)
    .meta({ description: "The delivery area's name and days as stored when the order was placed (null for orders from before areas)" }),
  discount: AppliedDiscountSchema
    .nullable()
    .default(null)
    .meta({ description: 'The discount code used and its saving; totalPrice = itemsPrice - discount.amount + deliveryCost' }),
  totalPrice: money,
  paymentMethod: z.enum(['card', 'in_person', 'bank_transfer']),
  payOnDelivery: PayOnDeliverySchema.nullable()
    // Orders (and events) from before issue 29 carry none.
    .optional()
    .meta({ description: "A pay-on-delivery order's choice: 'cash' or 'linx' (the local debit card); null for other orders and older ones" }),
  bankTransfer: OrderBankTransferSchema.nullable()
    .optional()
    .meta({ description: "A bank-transfer order's accounts, the shop's WhatsApp number for the proof, and the hold's end (issue 29)" }),
  transferPayment: TransferPaymentSchema.nullable()
    .optional()
    .meta({ description: "The transfer the owner recorded: amount, date, bank reference, and received minus due (only for the order's shopper and the owner)" }),
  transferProofs: z
    .array(TransferProofSchema)
    .optional()
    .meta({ description: "The proofs of transfer the shopper uploaded, oldest first (only for the order's shopper and the owner; the files only for the owner)" }),
  /** The reference sent to the payment provider ('oid-' + 12 characters), once a payment was asked for. */
  paymentReference: z.string().nullable(),
  isPaid: z.boolean(),
  paidAt: dateTime.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: dateTime.nullable(),
  deliveryStatus: z.enum(DeliveryStatus),
  isInPerson: z.boolean(),
  createdAt: dateTime,
  state: z.enum(OrderState).meta({ description: "Where the order stands (the order lifecycle's state)" }),
  timeline: z
    .array(OrderTimelineEntrySchema)
    .optional()
    .meta({ description: 'What happened to the order, oldest first (only on GET /api/orders/{id})' }),
  actions: z
    .array(z.enum(OrderAction))
    .optional()
    .meta({ description: "What the owner can do now (an admin's single-order answer)" }),
  holdUntil: dateTime
    .nullable()
    .optional()
    .meta({ description: "An unconfirmed in-person order's hold: its stock goes back then unless the owner confirms it" }),
  flags: z.array(z.string()).optional().meta({ description: 'Why the order looks unusual (admin answers only)' }),
  townOutsideArea: z
    .boolean()
    .optional()
    .meta({ description: "The town typed is not among the chosen delivery area's towns, so the owner checks with the customer (admin answers only)" }),
  archivedAt: dateTime.nullable().optional().meta({ description: 'When the owner archived the order (admin answers only)' }),
  transactionId: z.string().nullable().optional().meta({ description: "The card payment's transaction id at the provider (admin answers only)" }),
  deletable: z.boolean().optional().meta({ description: "Whether the owner may delete the order for good (an admin's single-order answer)" }),
  archivable: z.boolean().optional().meta({ description: "Whether the owner may archive the order (an admin's single-order answer)" }),
});
export type Order = z.infer<typeof OrderSchema>;
/** The customer of an order; `id` is the visitor id. Contact fields are shown only to that visitor or an admin. */
export type OrderCustomer = Order['customer'];
/** A line of an order, priced by the server at the time the order was placed. */
export type OrderItem = Order['orderItems'][number];
export type PaymentMethod = Order['paymentMethod'];

/** Why a cart line cannot be sold as it stands. */
export const QuoteProblemSchema = z.enum(['unavailable', 'out_of_stock', 'not_enough_stock']);
export type QuoteProblem = z.infer<typeof QuoteProblemSchema>;

/** A cart line as the server would price it now. */
export const QuoteLineSchema = z.object({
  product: z.string(),
  ...VariantWireFields,
  /** The catalog's name (the display name of a named variant); null for a product the catalog never had. */
  name: z.string().nullable(),
  image: z.string().nullable(),
  /** Current unit price; null when the product is not sold. */
  price: money.nullable(),
  countInStock: z.number().int(),
  qty: z.number().int(),
  /** price x qty, or 0 for a line with a problem (it is left out of the totals). */
  lineTotal: money,
  problem: QuoteProblemSchema.nullable(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/** What the server would charge for a cart now: only lines without a problem count. */
export const OrderQuoteSchema = z.object({
  lines: z.array(QuoteLineSchema),
  itemsPrice: money,
  deliveryCost: money,
  /** The area the delivery cost is for (the default area when none was asked for). */
  deliveryArea: z.object({ _id: z.string(), ...OrderDeliveryAreaSchema.shape }).nullable(),
  /** The saving the code gives now; null without a code or when the code cannot be used (see discountProblem). */
  discount: AppliedDiscountSchema.nullable(),
  /** Why the code entered gives no saving now (unknown, ended, used up, minimum order...). */
  discountProblem: z.string().nullable(),
  totalPrice: money,
});
export type OrderQuote = z.infer<typeof OrderQuoteSchema>;

export const OrderPageSchema = z.object({ orders: z.array(OrderSchema), ...pageCounts });
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** The dashboard's figures (`GET /api/orders/stats` and `order.orders.stats`). */
export const OrderStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), revenue: money, orders: z.number().int() })),
  tabs: z.record(z.enum(OrderTab), z.number().int()),
  bestSellers: z.array(z.object({ product: z.string(), name: z.string(), qty: z.number().int(), revenue: money })),
  /** Orders waiting for the owner: paid card orders and in-person orders not yet delivered. */
  badge: z.number().int(),
});
export type OrderStats = z.infer<typeof OrderStatsSchema>;

/** What a stock trigger did for an order (`order.orders.commit-stock`). */
export const OrderStockResponseSchema = z.object({
  orderId: z.string(),
  stock: z.enum(['reserved', 'commit_queued', 'committed', 'released', 'returned']),
});
export type OrderStockResponse = z.infer<typeof OrderStockResponseSchema>;

/** `order.orders.delivered-to`'s answer: whether the visitor has had the product delivered (a verified buyer). */
export const DeliveredToResponseSchema = z.object({ delivered: z.boolean() });
export type DeliveredToResponse = z.infer<typeof DeliveredToResponseSchema>;

/** `order.orders.pay`'s answer: the provider's payment page to send the shopper to. */
export const PayOrderResponseSchema = z.object({ url: z.string() });
export type PayOrderResponse = z.infer<typeof PayOrderResponseSchema>;

/** `order.orders.create`: a checkout the gateway validated; prices and totals are the order service's. */
export const CreateOrderRequestSchema = z.object({
  customer: CheckoutCustomerSchema.extend({ id: VisitorIdSchema }),
  /** `confirmedPrice`: the unit price the shopper saw (only to name what changed; never charged). */
  items: z.array(CheckoutItemSchema).min(1, 'Your cart is empty').max(100, 'Too many items in the cart'),
  inPerson: z.boolean(),
  /** Issue 29: a bank-transfer order (only when `inPerson` is false); refused while the shop has it off. */
  bankTransfer: z.boolean().optional(),
  /** A pay-on-delivery order's cash or Linx (issue 29); ignored for other orders. */
  payOnDelivery: PayOnDeliverySchema.optional(),
  /** From the Idempotency-Key header: a retry with the same key answers the first order. */
  idempotencyKey: z.string().min(1).max(200).optional(),
  /** The total the shopper confirmed: when the server's differs, the order is refused (409) and nothing is written. */
  confirmedTotal: z.number().refine(isMoneyAmount, 'Confirmed total is not valid').optional(),
  /** The delivery area picked (the catalog prices it); none: the shop's default area. */
  deliveryAreaId: DeliveryAreaIdSchema.optional(),
  discountCode: DiscountCodeTextSchema.optional(),
  /** The client's address as the gateway saw it (trust-proxy applied): the order service limits the stock one address holds. */
  clientIp: z.string().min(1).max(100).optional(),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequestSchema>;

/** `order.orders.quote`: the cart to price, the area and code picked. */
export const QuoteRequestSchema = z.object({
  items: QuoteItemsSchema,
  deliveryAreaId: DeliveryAreaIdSchema.optional(),
  discountCode: DiscountCodeTextSchema.optional(),
  /** The shopper's email, when typed: a code's per-customer limit is checked against it. */
  email: z.string().trim().max(200).optional(),
});
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;

/**
 * One order for a viewer: the visitor in X-Visitor-Id, the owner, a mailbox a code proved (`viewerEmail`, issue 29),
 * or the holder of the order's signed mail link (`signedLink`, checked by the gateway: only it sends this pattern).
 */
export const GetOrderRequestSchema = z.object({
  id: z.string(),
  visitorId: z.string().optional(),
  isAdmin: z.boolean(),
  viewerEmail: z.string().max(200).optional(),
  signedLink: z.boolean().optional(),
});
export type GetOrderRequest = z.input<typeof GetOrderRequestSchema>;

export const TrackOrdersRequestSchema = z.object({ visitorId: VisitorIdSchema });
export type TrackOrdersRequest = z.input<typeof TrackOrdersRequestSchema>;

/** `order.orders.delivered-to`: the catalog asks when a visitor reviews a product. */
export const DeliveredToRequestSchema = z.object({ visitorId: VisitorIdSchema, productId: z.string().max(64) });
export type DeliveredToRequest = z.input<typeof DeliveredToRequestSchema>;

/** `order.orders.numbers`: the catalog names the orders that hold a variant the owner would remove (issue 28). */
export const OrderNumbersRequestSchema = z.object({ ids: z.array(z.string().max(64)).max(100) });
export type OrderNumbersRequest = z.input<typeof OrderNumbersRequestSchema>;
/** The number people read ('IG-10427') of each asked order that exists, by id. */
export const OrderNumbersResponseSchema = z.object({ numbers: z.record(z.string(), z.string()) });
export type OrderNumbersResponse = z.infer<typeof OrderNumbersResponseSchema>;

/** A whole-number parameter: text from a URL, or a number once parsed. */
const intParam = (label: string, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,6}$/, `${label} must be a whole number`).transform(Number)], {
      error: `${label} must be a whole number`,
    })
    .pipe(z.number().int(`${label} must be a whole number`).min(1, `${label} must be at least 1`).max(max, `${label} must be at most ${max}`));

/**
 * The admin order list's query (`GET /api/orders` and `order.orders.list`), with the gateway's messages: the
 * gateway parses the URL's text with it, the order service the numbers the gateway sends.
 */
export const OrderListQuerySchema = z.object({
  tab: z.enum(OrderTab, { error: `Tab must be one of ${TABS.join(', ')}` }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  page: intParam('Page', 100_000).optional(),
  pageSize: intParam('Page size', 100).optional(),
  sort: z.enum(ORDER_SORTS, { error: `Sort must be one of ${ORDER_SORTS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: "Direction must be 'asc' or 'desc'" }).optional(),
  status: z.enum(['current', 'archived'], { error: "Status must be 'current' or 'archived'" }).optional(),
});

/** `order.orders.list`: the query with its defaults (all tabs, page 1 of 20, current orders, newest first). */
export const ListOrdersRequestSchema = OrderListQuerySchema.transform(({ tab, q, page, pageSize, sort, dir, status }) => ({
  tab: tab ?? OrderTab.All,
  q,
  page: page ?? 1,
  pageSize: pageSize ?? 20,
  sort: sort ?? 'date',
  dir: dir ?? (sort === undefined || sort === 'date' || sort === 'number' || sort === 'total' ? 'desc' : 'asc'),
  status: status ?? 'current',
}));
export type ListOrdersRequest = z.input<typeof ListOrdersRequestSchema>;

/** `order.orders.archive`: archive (true) or restore (false) one order. */
export const ArchiveOrderRequestSchema = z.object({ id: z.string(), archived: z.boolean() });
export type ArchiveOrderRequest = z.input<typeof ArchiveOrderRequestSchema>;

export const UpdateOrderStatusRequestSchema = z.object({ id: z.string(), deliveryStatus: DeliveryStatusSchema });
export type UpdateOrderStatusRequest = z.input<typeof UpdateOrderStatusRequestSchema>;

export const OrderIdRequestSchema = z.object({ id: z.string() });
export type OrderIdRequest = z.input<typeof OrderIdRequestSchema>;

/**
 * Who asks about an order (issue 23): the visitor in X-Visitor-Id and whether the request carried an admin session.
 * Only the visitor who placed the order or the owner sees its contact details, visitor id and payment reference.
 */
export const OrderViewerSchema = z.object({ visitorId: z.string().optional(), isAdmin: z.boolean().default(false) });
export type OrderViewer = z.input<typeof OrderViewerSchema>;

/** `order.orders.confirm-in-person`: the order, and who asks (the contact details are only theirs to see). */
export const OrderViewRequestSchema = OrderIdRequestSchema.extend(OrderViewerSchema.shape);
export type OrderViewRequest = z.input<typeof OrderViewRequestSchema>;

/** `order.orders.cancel`, `record-refund`, `confirm` and `fulfil`: the order and an optional note for its timeline. */
export const OrderActionRequestSchema = z.object({
  id: z.string(),
  note: z.string().trim().max(500, 'The note must be at most 500 characters').optional(),
});
export type OrderActionRequest = z.input<typeof OrderActionRequestSchema>;

/** A day as YYYY-MM-DD (the shop's time zone). */
export const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Dates must be YYYY-MM-DD');

/** `order.orders.stats`: shop days (SHOP_TIME_ZONE), both included. */
export const OrderStatsRequestSchema = z.object({ from: DaySchema, to: DaySchema });
export type OrderStatsRequest = z.input<typeof OrderStatsRequestSchema>;

/** `POST /api/orders/pay`'s body. */
export const PayOrderRequestSchema = z.object({ orderId: z.string({ error: 'orderId is required' }).max(100) });

/** `order.orders.pay`: the body plus who asks (only the visitor who placed the order, or the owner, may open its payment page). */
export const PayOrderMessageSchema = PayOrderRequestSchema.extend(OrderViewerSchema.shape);
export type PayOrderRequest = z.input<typeof PayOrderMessageSchema>;

/** `order.orders.payment-result` (`PUT /api/orders/payment/{id}`): verified by the provider's hash whoever sends it; only the answer depends on who asks. */
export const PaymentResultRequestSchema = z.object({ id: z.string(), params: PaymentRedirectParamsSchema, ...OrderViewerSchema.shape });
export type PaymentResultRequest = z.input<typeof PaymentResultRequestSchema>;

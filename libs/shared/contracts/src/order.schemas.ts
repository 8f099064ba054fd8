import { isMoneyAmount } from '@shop/money';
import { CheckoutCustomerSchema, CheckoutItemSchema, DeliveryAreaIdSchema, DiscountCodeTextSchema, QuoteItemsSchema, VisitorIdSchema } from '@shop/rules';
import { z } from 'zod';
import { DeliveryStatus, ORDER_SORTS, OrderTab, type Order } from './order';
import { OrderAction, OrderState } from './order-lifecycle';
import { PaymentRedirectParamsSchema } from './payment.schemas';

// The order's zod schemas: what the order patterns accept and what an order looks like on the wire.
// The `Order` interface stays the type everyone imports; the checks at the end keep the two in step.

/** Order ids are UUIDs; the order service answers anything else with a clean 404. */
export const OrderIdSchema = z.uuid();

export const DeliveryStatusSchema = z.enum(Object.values(DeliveryStatus) as [DeliveryStatus, ...DeliveryStatus[]], {
  error: 'Delivery status is not valid',
});

const TABS = Object.values(OrderTab) as [OrderTab, ...OrderTab[]];

const money = z.number().meta({ description: 'TTD, at most two decimals' });
const dateTime = z.string().meta({ format: 'date-time' });

/** An order as the API answers it and as order events carry it (the contract's `Order`). */
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
      note: z.string().optional(),
    })
    .meta({ description: 'Contact fields (and the visitor id) only for the owning visitor or an admin' }),
  orderItems: z.array(z.object({ name: z.string(), product: z.string(), qty: z.number().int(), price: money, image: z.string() })),
  itemsPrice: money,
  deliveryCost: money,
  deliveryArea: z
    .object({ name: z.string(), estimatedDays: z.string() })
    .nullable()
    // Events written before areas existed carry none.
    .default(null)
    .meta({ description: "The delivery area's name and days as stored when the order was placed (null for orders from before areas)" }),
  discount: z
    .object({ code: z.string(), amount: money })
    .nullable()
    .default(null)
    .meta({ description: 'The discount code used and its saving; totalPrice = itemsPrice - discount.amount + deliveryCost' }),
  totalPrice: money,
  paymentMethod: z.enum(['card', 'in_person']),
  paymentReference: z.string().nullable(),
  isPaid: z.boolean(),
  paidAt: dateTime.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: dateTime.nullable(),
  deliveryStatus: z.enum(Object.values(DeliveryStatus) as [DeliveryStatus, ...DeliveryStatus[]]),
  isInPerson: z.boolean(),
  createdAt: dateTime,
  state: z.enum(Object.values(OrderState) as [OrderState, ...OrderState[]]).meta({ description: "Where the order stands (the order lifecycle's state)" }),
  timeline: z
    .array(
      z.object({
        at: dateTime,
        action: z.enum(Object.values(OrderAction) as [OrderAction, ...OrderAction[]]),
        from: z.enum(Object.values(OrderState) as [OrderState, ...OrderState[]]).nullable(),
        to: z.enum(Object.values(OrderState) as [OrderState, ...OrderState[]]),
        actor: z.enum(['shopper', 'owner', 'payment_provider', 'system']),
        note: z.string().nullable(),
      }),
    )
    .optional()
    .meta({ description: 'What happened to the order, oldest first (only on GET /api/orders/{id})' }),
  actions: z
    .array(z.enum(Object.values(OrderAction) as [OrderAction, ...OrderAction[]]))
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

/** The server's quote of a cart (the contract's `OrderQuote`). */
export const OrderQuoteSchema = z.object({
  lines: z.array(
    z.object({
      product: z.string(),
      name: z.string().nullable(),
      image: z.string().nullable(),
      price: money.nullable(),
      countInStock: z.number().int(),
      qty: z.number().int(),
      lineTotal: money,
      problem: z.enum(['unavailable', 'out_of_stock', 'not_enough_stock']).nullable(),
    }),
  ),
  itemsPrice: money,
  deliveryCost: money,
  deliveryArea: z.object({ _id: z.string(), name: z.string(), estimatedDays: z.string() }).nullable(),
  discount: z.object({ code: z.string(), amount: money }).nullable(),
  discountProblem: z.string().nullable(),
  totalPrice: money,
});

export const OrderPageSchema = z.object({
  orders: z.array(OrderSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** `order.orders.create`: a checkout the gateway validated; prices and totals are the order service's. */
export const CreateOrderRequestSchema = z.object({
  customer: CheckoutCustomerSchema.extend({ id: VisitorIdSchema }),
  items: z.array(CheckoutItemSchema).min(1, 'Your cart is empty').max(100, 'Too many items in the cart'),
  inPerson: z.boolean(),
  idempotencyKey: z.string().min(1).max(200).optional(),
  confirmedTotal: z.number().refine(isMoneyAmount, 'Confirmed total is not valid').optional(),
  deliveryAreaId: DeliveryAreaIdSchema.optional(),
  discountCode: DiscountCodeTextSchema.optional(),
  clientIp: z.string().min(1).max(100).optional(),
});

export const QuoteRequestSchema = z.object({
  items: QuoteItemsSchema,
  deliveryAreaId: DeliveryAreaIdSchema.optional(),
  discountCode: DiscountCodeTextSchema.optional(),
  email: z.string().trim().max(200).optional(),
});

export const GetOrderRequestSchema = z.object({ id: z.string(), visitorId: z.string().optional(), isAdmin: z.boolean() });

export const TrackOrdersRequestSchema = z.object({ visitorId: VisitorIdSchema });

/** `order.orders.delivered-to`: the catalog asks when a visitor reviews a product. */
export const DeliveredToRequestSchema = z.object({ visitorId: VisitorIdSchema, productId: z.string().max(64) });

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
  tab: z.enum(TABS, { error: `Tab must be one of ${TABS.join(', ')}` }).optional(),
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

/** `order.orders.archive`: archive (true) or restore (false) one order. */
export const ArchiveOrderRequestSchema = z.object({ id: z.string(), archived: z.boolean() });

export const UpdateOrderStatusRequestSchema = z.object({ id: z.string(), deliveryStatus: DeliveryStatusSchema });

export const OrderIdRequestSchema = z.object({ id: z.string() });

/** Who asks (issue 23): the visitor in X-Visitor-Id and whether an admin session came with the request. */
const orderViewerShape = { visitorId: z.string().optional(), isAdmin: z.boolean().default(false) };

/** `order.orders.confirm-in-person`: the order, and who asks (the contact details are only theirs to see). */
export const OrderViewRequestSchema = OrderIdRequestSchema.extend(orderViewerShape);

/** `order.orders.cancel` and `order.orders.record-refund`: the order and an optional note for its timeline. */
export const OrderActionRequestSchema = z.object({
  id: z.string(),
  note: z.string().trim().max(500, 'The note must be at most 500 characters').optional(),
});

/** A day as YYYY-MM-DD (the shop's time zone). */
export const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Dates must be YYYY-MM-DD');

export const OrderStatsRequestSchema = z.object({ from: DaySchema, to: DaySchema });

/** `POST /api/orders/pay` and `order.orders.pay`. */
export const PayOrderRequestSchema = z.object({ orderId: z.string({ error: 'orderId is required' }).max(100) });

/** `order.orders.pay`: the body plus who asks (only the visitor who placed the order, or the owner, may open its payment page). */
export const PayOrderMessageSchema = PayOrderRequestSchema.extend(orderViewerShape);

/** `order.orders.payment-result`: verified by the provider's hash whoever sends it; only the answer depends on who asks. */
export const PaymentResultRequestSchema = z.object({ id: z.string(), params: PaymentRedirectParamsSchema, ...orderViewerShape });

// Compile-time: the zod schema and the `Order` interface describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _orderInStep: Same<z.infer<typeof OrderSchema>, Order> = true;
void _orderInStep;

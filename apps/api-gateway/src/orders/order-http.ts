import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { type CreateOrderRequest, validate, ValidationError } from '@shop/contracts';
import { CheckoutSchema, VisitorIdSchema } from '@shop/rules';

export const VISITOR_HEADER = 'x-visitor-id';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const visitorHeaderDoc = { name: 'X-Visitor-Id', required: false, description: "The anonymous visitor's id ('uid-' + 12 characters)" };

/** A visitor id from the header, if it is well formed (a malformed one counts as none). */
export function visitorFrom(header: string | undefined): string | undefined {
  return VisitorIdSchema.safeParse(header).success ? header : undefined;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The checkout body of `POST /api/orders` (spec field names). Prices and totals the client sends are never charged;
 * `confirmedTotal` only makes the server refuse an order whose total changed since the shopper saw it.
 */
export function checkoutRequest(body: unknown, visitorHeader: string | undefined, keyHeader: string | undefined, inPerson: boolean): CreateOrderRequest {
  const input = validate(CheckoutSchema, body);
  const visitorId = validate(VisitorIdSchema, visitorHeader ?? input.id);
  if (input.id && input.id !== visitorId) throw new ValidationError('The order id does not match X-Visitor-Id');
  if (keyHeader !== undefined && !IDEMPOTENCY_KEY.test(keyHeader)) throw new ValidationError('Idempotency-Key is not valid');
  const { id: _id, orderItems, confirmedTotal, ...customer } = input;
  return {
    customer: { id: visitorId, ...customer },
    items: orderItems.map((i) => ({ product: i.product, qty: i.qty, confirmedPrice: i.confirmedPrice })),
    inPerson,
    confirmedTotal,
    idempotencyKey: keyHeader,
  };
}

/** Express gives repeated query parameters as arrays; the first one counts. */
export function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

const money = { type: 'number', description: 'TTD, at most two decimals' } as const;
const nullableDate = { type: 'string', format: 'date-time', nullable: true } as const;

/** The order as the API answers it (the contract's `Order`). */
export const orderSchema: SchemaObject = {
  type: 'object',
  properties: {
    _id: { type: 'string', format: 'uuid' },
    customer: {
      type: 'object',
      description: 'Contact fields (and the visitor id) only for the owning visitor or an admin',
      properties: Object.fromEntries(['id', 'fname', 'lname', 'email', 'phone', 'city', 'street'].map((k) => [k, { type: 'string' }])),
    },
    orderItems: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, product: { type: 'string' }, qty: { type: 'integer' }, price: money, image: { type: 'string' } } },
    },
    itemsPrice: money,
    deliveryCost: money,
    totalPrice: money,
    paymentMethod: { type: 'string', enum: ['card', 'in_person'] },
    paymentReference: { type: 'string', nullable: true },
    isPaid: { type: 'boolean' },
    paidAt: nullableDate,
    isDelivered: { type: 'boolean' },
    deliveredAt: nullableDate,
    deliveryStatus: { type: 'string', enum: ['Preparing Order', 'Preparing In Person Order', 'Out for Delivery', 'Delivered'] },
    isInPerson: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

/** The server's quote of a cart (the contract's `OrderQuote`). */
export const quoteSchema: SchemaObject = {
  type: 'object',
  properties: {
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          product: { type: 'string' },
          name: { type: 'string', nullable: true },
          image: { type: 'string', nullable: true },
          price: { ...money, nullable: true },
          countInStock: { type: 'integer' },
          qty: { type: 'integer' },
          lineTotal: money,
          problem: { type: 'string', nullable: true, enum: ['unavailable', 'out_of_stock', 'not_enough_stock'] },
        },
      },
    },
    itemsPrice: money,
    deliveryCost: money,
    totalPrice: money,
  },
};

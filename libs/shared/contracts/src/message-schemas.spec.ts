import { validate } from './validate';
import { OrderEventSchema } from './events';
import { PatternSchemas } from './message-schemas';
import { DeliveryStatus, OrderEvent } from './order';
import { ListOrdersRequestSchema, type Order, OrderListQuerySchema, OrderStatsRequestSchema, PayOrderRequestSchema } from './order.schemas';
import { Pattern } from './patterns';

const message = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a validation error');
};

describe('PatternSchemas', () => {
  it('has exactly one schema for every pattern', () => {
    expect(Object.keys(PatternSchemas).sort()).toEqual(Object.values(Pattern).sort());
  });
});

describe('the order list query, validated once', () => {
  it("answers the gateway's messages for the URL's text", () => {
    expect(message(() => validate(OrderListQuerySchema, { page: 'two' }))).toBe('Page must be a whole number');
    expect(message(() => validate(OrderListQuerySchema, { pageSize: '101' }))).toBe('Page size must be at most 100');
    expect(message(() => validate(OrderListQuerySchema, { tab: 'nope' }))).toBe('Tab must be one of inperson, card, delivering, delivered, all, unpaid, outofstock');
    expect(message(() => validate(OrderListQuerySchema, { q: 'x'.repeat(101) }))).toBe('Search text must be at most 100 characters');
    expect(validate(OrderListQuerySchema, { page: '3', q: ' ig-10427 ' })).toEqual({ page: 3, q: 'ig-10427' });
  });

  it('gives the order service numbers and its defaults', () => {
    const defaults = { sort: 'date', dir: 'desc', status: 'current' };
    expect(validate(ListOrdersRequestSchema, {})).toEqual({ tab: 'all', page: 1, pageSize: 20, ...defaults });
    expect(validate(ListOrdersRequestSchema, { tab: 'card', page: 2, pageSize: 50 })).toEqual({ tab: 'card', page: 2, pageSize: 50, ...defaults });
    // Issue 26: a column sorts in its own first direction unless told; names and areas from A.
    expect(validate(ListOrdersRequestSchema, { sort: 'customer' })).toMatchObject({ sort: 'customer', dir: 'asc' });
    expect(validate(ListOrdersRequestSchema, { sort: 'total', dir: 'asc', status: 'archived' })).toMatchObject({ sort: 'total', dir: 'asc', status: 'archived' });
  });
});

describe('order request schemas', () => {
  it('keep the messages the order service and the gateway answer today', () => {
    expect(message(() => validate(PayOrderRequestSchema, {}))).toBe('orderId is required');
    expect(message(() => validate(OrderStatsRequestSchema, { from: '2026-1-1', to: '2026-01-31' }))).toBe('Dates must be YYYY-MM-DD');
    expect(message(() => validate(OrderStatsRequestSchema, { from: '2026-13-45', to: '2026-01-31' }))).toBe('Dates must be YYYY-MM-DD');
  });
});

describe('OrderEventSchema', () => {
  const order: Order = {
    _id: '0b7f2a52-8d5c-4a53-9d53-5d3d3f0c1a11',
    orderNumber: 'IG-10427',
    customer: { id: 'uid-abcdefghijkl', fname: 'Aaliyah' },
    orderItems: [],
    itemsPrice: 0,
    deliveryCost: 35,
    deliveryArea: null,
    discount: null,
    totalPrice: 35,
    paymentMethod: 'in_person',
    paymentReference: null,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    deliveryStatus: DeliveryStatus.PreparingInPerson,
    isInPerson: true,
    createdAt: '2026-11-23T15:00:00.000Z',
    state: 'in_person',
  };
  const base = { eventId: 'e1', occurredAt: order.createdAt, order };

  it('tells the events apart by name and requires what each adds', () => {
    expect(OrderEventSchema.parse({ event: OrderEvent.Paid, ...base })).toEqual({ event: OrderEvent.Paid, ...base });
    expect(OrderEventSchema.safeParse({ event: OrderEvent.PaymentFailed, ...base }).success).toBe(false);
    expect(OrderEventSchema.safeParse({ event: OrderEvent.PaymentFailed, ...base, reason: 'expired' }).success).toBe(true);
    expect(OrderEventSchema.safeParse({ event: OrderEvent.StatusChanged, ...base, previousStatus: 'Lost' }).success).toBe(false);
    expect(OrderEventSchema.safeParse({ event: 'order.shipped', ...base }).success).toBe(false);
  });

  it('refuses an event without a whole order', () => {
    expect(OrderEventSchema.safeParse({ event: OrderEvent.Placed, ...base, order: { _id: order._id } }).success).toBe(false);
  });
});

import { z } from 'zod';
import { OrderEvent } from './order';
import { DeliveryStatusSchema, OrderSchema } from './order.schemas';

// One schema per event, the events a discriminated union on `event`. The wire shape is the one the order
// service has always published: `{ event, eventId, occurredAt, order, ...what this event adds }`.

const eventBase = {
  /** Unique per event occurrence; consumers de-duplicate on event + order id. */
  eventId: z.string(),
  occurredAt: z.string(),
  /** The order as it stands after the change. */
  order: OrderSchema,
};

export const OrderPlacedEventSchema = z.object({ event: z.literal(OrderEvent.Placed), ...eventBase });

/** Paid by card (with the provider's transaction id) or marked paid by the owner (without). */
export const OrderPaidEventSchema = z.object({ event: z.literal(OrderEvent.Paid), ...eventBase, transactionId: z.string().optional() });

/** A declined payment, or no payment before the reservation ran out. */
export const OrderPaymentFailedEventSchema = z.object({
  event: z.literal(OrderEvent.PaymentFailed),
  ...eventBase,
  reason: z.enum(['declined', 'expired']),
});

export const OrderStatusChangedEventSchema = z.object({
  event: z.literal(OrderEvent.StatusChanged),
  ...eventBase,
  previousStatus: DeliveryStatusSchema,
});

export const OrderDeletedEventSchema = z.object({ event: z.literal(OrderEvent.Deleted), ...eventBase });

/** The owner cancelled the order; `order.state` says whether money is due back. */
export const OrderCancelledEventSchema = z.object({ event: z.literal(OrderEvent.Cancelled), ...eventBase });

/** The owner recorded the refund of a cancelled paid order. */
export const OrderRefundedEventSchema = z.object({ event: z.literal(OrderEvent.Refunded), ...eventBase });

export const OrderTransferReminderEventSchema = z.object({ event: z.literal(OrderEvent.TransferReminder), ...eventBase });

/** Every order event; `event` tells which. */
export const OrderEventSchema = z.discriminatedUnion('event', [
  OrderPlacedEventSchema,
  OrderPaidEventSchema,
  OrderPaymentFailedEventSchema,
  OrderStatusChangedEventSchema,
  OrderDeletedEventSchema,
  OrderCancelledEventSchema,
  OrderRefundedEventSchema,
  OrderTransferReminderEventSchema,
]);
export type OrderEventMessage = z.output<typeof OrderEventSchema>;

/** The schema of each event name: consumers validate what they receive with it. */
export const EventSchemas = {
  [OrderEvent.Placed]: OrderPlacedEventSchema,
  [OrderEvent.Paid]: OrderPaidEventSchema,
  [OrderEvent.PaymentFailed]: OrderPaymentFailedEventSchema,
  [OrderEvent.StatusChanged]: OrderStatusChangedEventSchema,
  [OrderEvent.Deleted]: OrderDeletedEventSchema,
  [OrderEvent.Cancelled]: OrderCancelledEventSchema,
  [OrderEvent.Refunded]: OrderRefundedEventSchema,
  [OrderEvent.TransferReminder]: OrderTransferReminderEventSchema,
} as const satisfies { [E in OrderEvent]: z.ZodType<{ event: E }> };

/** The payload of one event, as its consumer receives it after validation. */
export type EventPayload<E extends OrderEvent> = z.output<(typeof EventSchemas)[E]>;

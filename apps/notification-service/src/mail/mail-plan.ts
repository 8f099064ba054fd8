import { DeliveryStatus, MailKind, type Order, OrderEvent, type OrderEventMessage, OrderState } from '@shop/contracts';
import type { MailContent } from './mail-data';

/** A mail to log and queue: who gets what (its kind with that kind's data), and the key that makes a repeated trigger a no-op. */
export type PlannedMail = MailContent & {
  dedupeKey: string;
  recipient: string;
  replyTo: string | null;
  orderId: string | null;
};

/** The kinds an order event can call for. */
type OrderEventMailKind = Extract<MailContent, { data: { order: Order } }>['kind'];

/**
 * The trigger of a mail, as the first part of its key: the event name, plus the new status for
 * status changes (out for delivery and delivered are both `order.status_changed`, and each mails once).
 */
function trigger(payload: OrderEventMessage): string {
  return payload.event === OrderEvent.StatusChanged ? `${payload.event}.${payload.order.deliveryStatus}` : payload.event;
}

/** `trigger|order id|recipient`, lower-cased recipient; the same string is the BullMQ job id. */
export function dedupeKey(triggerName: string, orderId: string, recipient: string): string {
  return `${triggerName}|${orderId}|${recipient.toLowerCase()}`;
}

/**
 * The mails an order event calls for (product-rules section 5): the shopper hears about an in-person
 * order placed, a card payment received, out for delivery and delivered; the owner about every newly
 * confirmed order (a card order once paid, an in-person order once placed). The shopper also hears of a cancel.
 * Both hear of an in-person order that expired unconfirmed, and of a payment for stock that is gone (issue 23).
 */
export function mailsForOrderEvent(payload: OrderEventMessage, ownerEmail: string): PlannedMail[] {
  const order = payload.order;
  const shopper = order.customer?.email?.trim() || null;
  const mails: Array<{ kind: OrderEventMailKind; recipient: string | null }> = [];
  switch (payload.event) {
    case OrderEvent.Placed:
      if (order.isInPerson) {
        mails.push({ kind: MailKind.OrderPlacedInPerson, recipient: shopper }, { kind: MailKind.OwnerNewOrder, recipient: ownerEmail });
      }
      // Issue 29: the shopper gets the accounts and the reference; the owner hears once the money is recorded.
      if (order.paymentMethod === 'bank_transfer') mails.push({ kind: MailKind.OrderPlacedTransfer, recipient: shopper });
      break;
    case OrderEvent.TransferReminder:
      mails.push({ kind: MailKind.TransferReminder, recipient: shopper });
      break;
    case OrderEvent.Paid:
      // A late payment for stock sold meanwhile (issue 23): the shopper hears the money arrived and that the shop
      // will contact them; the owner has an order to settle (restock and fulfil, or cancel and refund).
      if (order.state === OrderState.PaidOutOfStock) {
        mails.push({ kind: MailKind.PaidOutOfStock, recipient: shopper }, { kind: MailKind.OwnerPaidOutOfStock, recipient: ownerEmail });
      } else if (!order.isInPerson) {
        // An in-person order was already confirmed (and mailed) when it was placed.
        mails.push({ kind: MailKind.PaymentReceived, recipient: shopper }, { kind: MailKind.OwnerNewOrder, recipient: ownerEmail });
      }
      break;
    case OrderEvent.StatusChanged:
      if (payload.previousStatus === order.deliveryStatus) break;
      if (order.deliveryStatus === DeliveryStatus.OutForDelivery) mails.push({ kind: MailKind.OutForDelivery, recipient: shopper });
      if (order.deliveryStatus === DeliveryStatus.Delivered) mails.push({ kind: MailKind.Delivered, recipient: shopper });
      break;
    case OrderEvent.Cancelled:
      mails.push({ kind: MailKind.OrderCancelled, recipient: shopper });
      break;
    case OrderEvent.PaymentFailed:
      // An in-person order nobody confirmed in time (issue 23): its items went back on sale. Card expiries mail nobody.
      if (order.isInPerson && payload.reason === 'expired') {
        mails.push({ kind: MailKind.InPersonExpired, recipient: shopper }, { kind: MailKind.OwnerInPersonExpired, recipient: ownerEmail });
      }
      if (order.paymentMethod === 'bank_transfer' && payload.reason === 'expired') mails.push({ kind: MailKind.TransferExpired, recipient: shopper });
      break;
    default:
      break;
  }
  const name = trigger(payload);
  return mails
    .filter((m): m is { kind: OrderEventMailKind; recipient: string } => Boolean(m.recipient))
    .map((m): PlannedMail => ({
      dedupeKey: dedupeKey(name, order._id, m.recipient),
      kind: m.kind,
      recipient: m.recipient,
      replyTo: null,
      orderId: order._id,
      data: { order: snapshot(order) },
    }));
}

/** The parts of the order the templates show (no more is stored in the mail log). */
function snapshot(order: Order): Order {
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    customer: order.customer,
    orderItems: (order.orderItems ?? []).map((i) => ({ name: i.name, product: i.product, qty: i.qty, price: i.price, image: i.image })),
    itemsPrice: order.itemsPrice,
    deliveryCost: order.deliveryCost,
    deliveryArea: order.deliveryArea ?? null,
    discount: order.discount ?? null,
    totalPrice: order.totalPrice,
    paymentMethod: order.paymentMethod,
    payOnDelivery: order.payOnDelivery ?? null,
    bankTransfer: order.bankTransfer ?? null,
    transferPayment: order.transferPayment ?? null,
    paymentReference: order.paymentReference,
    isPaid: order.isPaid,
    paidAt: order.paidAt,
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt,
    deliveryStatus: order.deliveryStatus,
    isInPerson: order.isInPerson,
    createdAt: order.createdAt,
    state: order.state,
    holdUntil: order.holdUntil ?? null,
  };
}

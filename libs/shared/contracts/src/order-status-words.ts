import { isPickUpArea } from '@shop/rules';
import type { Order } from './order.schemas';
import { OrderState } from './order-lifecycle';

/**
 * An order's payment and fulfilment in one plain word each, from its lifecycle state (issue 26): the admin's order
 * table and cards show these, and anything else that lists orders for people (an export) can use the same words.
 */
type Facts = Pick<Order, 'state' | 'isInPerson' | 'isPaid' | 'deliveryArea'>;

/** Whether the order is collected at the shop rather than delivered: its delivery area is the shop's pick-up. */
export function isPickUp(order: Pick<Order, 'deliveryArea'>): boolean {
  return order.deliveryArea !== null && isPickUpArea(order.deliveryArea.name);
}

/** Paid, unpaid, refunded...: where the money stands. */
export function paymentWord(order: Facts): string {
  switch (order.state) {
    case OrderState.AwaitingPayment:
      return 'Unpaid';
    case OrderState.AwaitingTransfer:
      return 'Awaiting transfer';
    case OrderState.PaymentFailed:
      return 'Payment failed';
    case OrderState.Expired:
      return 'Unpaid, expired';
    case OrderState.Cancelled:
      return 'Not paid';
    case OrderState.RefundDue:
      return 'Refund due';
    case OrderState.Refunded:
      return 'Refunded';
    default:
      // In person: the cash is recorded when the order is delivered.
      return order.isPaid ? 'Paid' : 'Pay in person';
  }
}

/** Preparing, out for delivery, delivered...: one word for where the goods stand, never two that disagree. */
export function fulfilmentWord(order: Facts): string {
  const pickUp = isPickUp(order);
  switch (order.state) {
    case OrderState.Paid:
    case OrderState.InPerson:
      return 'Preparing';
    case OrderState.OutForDelivery:
      return pickUp ? 'Ready for pick-up' : 'Out for delivery';
    case OrderState.Delivered:
      return pickUp ? 'Picked up' : 'Delivered';
    case OrderState.PaidOutOfStock:
      return 'Out of stock';
    case OrderState.AwaitingPayment:
    case OrderState.AwaitingTransfer:
      return 'Waiting for payment';
    case OrderState.PaymentFailed:
    case OrderState.Expired:
      return 'Not sent';
    default:
      // Cancelled, refund due, refunded.
      return 'Cancelled';
  }
}

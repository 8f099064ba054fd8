import { DeliveryStatus, isPickUp, type Order, OrderTab } from '@shop/contracts';

/** The six tabs in the spec's order, with its labels word for word (its typo included). */
export const ORDER_TABS: ReadonlyArray<{ tab: OrderTab; label: string }> = [
  { tab: OrderTab.InPerson, label: 'New Pay In Person Orders' },
  { tab: OrderTab.Card, label: 'New Credit Card Orders' },
  { tab: OrderTab.Delivering, label: 'Delivering' },
  { tab: OrderTab.Delivered, label: 'Delivered' },
  { tab: OrderTab.All, label: 'All' },
  { tab: OrderTab.Unpaid, label: 'Unpaid/Unsuccessful' },
  // Issue 23: card payments that arrived for stock sold meanwhile, for the owner to settle.
  { tab: OrderTab.OutOfStock, label: 'Paid, Out of Stock' },
];

/** The first tab opens when the URL names none, as the spec's screen did. */
export const DEFAULT_TAB: OrderTab = OrderTab.InPerson;

export function isOrderTab(value: string | null): value is OrderTab {
  return ORDER_TABS.some((t) => t.tab === value);
}

/** An order's colour in the list: the spec's five states and the cancelled ones (the word beside it is the fulfilment word). */
export type OrderCardState = 'preparing' | 'delivery' | 'delivered' | 'unpaid' | 'inperson' | 'cancelled' | 'refund' | 'refunded' | 'outofstock' | 'expired';

export function orderCardState(order: Order): OrderCardState {
  if (order.state === 'cancelled') return 'cancelled';
  if (order.state === 'refund_due') return 'refund';
  if (order.state === 'refunded') return 'refunded';
  if (order.state === 'paid_out_of_stock') return 'outofstock';
  if (order.state === 'expired' && order.isInPerson) return 'expired';
  if (order.isDelivered) return 'delivered';
  if (!order.isInPerson && !order.isPaid) return 'unpaid';
  if (order.deliveryStatus === DeliveryStatus.OutForDelivery) return 'delivery';
  if (order.isInPerson) return 'inperson';
  return 'preparing';
}


/** Items in an order, counting quantities ('No. Items'). */
export function itemCount(order: Order): number {
  return order.orderItems.reduce((sum, item) => sum + item.qty, 0);
}

export function fullName(order: Order): string {
  return [order.customer.fname, order.customer.lname].filter(Boolean).join(' ');
}

/**
 * The detail screen's Payment Status: a card order is 'Paid' or 'Payment Cancelled/Incomplete'; an in-person
 * order is 'To Be Paid In Person' until the owner delivers it, which records the cash (product-rules section 2).
 */
export function paymentStatus(order: Order): string {
  if (order.state === 'refund_due') return 'Refund Due';
  if (order.state === 'refunded') return 'Refunded';
  if (order.state === 'cancelled') return 'Cancelled, nothing paid';
  if (order.state === 'paid_out_of_stock') return 'Paid, out of stock';
  if (order.state === 'expired' && order.isInPerson) return 'Expired unconfirmed, nothing paid';
  if (order.isPaid) return 'Paid';
  if (order.state === 'awaiting_transfer') return 'Awaiting bank transfer';
  if (order.state === 'expired' && order.paymentMethod === 'bank_transfer') return 'Expired, no transfer received';
  return order.isInPerson ? 'To Be Paid In Person' : 'Payment Cancelled/Incomplete';
}

/** A one-tap move the owner can make now: forward to the next step, or back a step to correct a mistake. */
export interface OwnerMove {
  action: 'prepare' | 'send_out' | 'deliver';
  /** The delivery status the server is asked to set (`PUT /api/orders/{id}`). */
  status: DeliveryStatus;
  label: string;
  direction: 'next' | 'back';
}

const STEP: Partial<Record<Order['state'], number>> = { paid: 0, in_person: 0, out_for_delivery: 1, delivered: 2 };

/**
 * The buttons for the moves the server's lifecycle allows now (the order's `actions`), each one tap: the next steps
 * first, then a step back. A pick-up order is "Ready for pick-up" and "Picked up" rather than out for delivery and
 * delivered. The server decides again on every tap.
 */
export function ownerMoves(order: Order): OwnerMove[] {
  const allowed = new Set(order.actions ?? []);
  const step = STEP[order.state];
  if (step === undefined) return [];
  const pickUp = isPickUp(order);
  const sendOut = pickUp ? 'Ready for pick-up' : 'Out for delivery';
  const moves: OwnerMove[] = [];
  if (allowed.has('send_out') && step < 1) moves.push({ action: 'send_out', status: DeliveryStatus.OutForDelivery, label: sendOut, direction: 'next' });
  if (allowed.has('deliver') && step < 2) moves.push({ action: 'deliver', status: DeliveryStatus.Delivered, label: pickUp ? 'Picked up' : 'Delivered', direction: 'next' });
  if (allowed.has('send_out') && step > 1) moves.push({ action: 'send_out', status: DeliveryStatus.OutForDelivery, label: `Back to ${sendOut.toLowerCase()}`, direction: 'back' });
  if (allowed.has('prepare') && step > 0) {
    const status = order.isInPerson ? DeliveryStatus.PreparingInPerson : DeliveryStatus.Preparing;
    moves.push({ action: 'prepare', status, label: 'Back to preparing', direction: 'back' });
  }
  return moves;
}

/** A visitor id as a person can read and compare it: the first characters of its random part ('uid-Ab3dE9xK2pQr' → 'Ab3dE9'). */
export function shortVisitor(visitorId: string): string {
  return visitorId.replace(/^uid-/, '').slice(0, 6);
}

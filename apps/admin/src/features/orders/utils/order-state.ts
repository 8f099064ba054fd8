import { DeliveryStatus, type Order, OrderTab } from '@shop/contracts';

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

/** What an order's card looks like: the spec's five states and the cancelled ones, each with a word as well as a colour. */
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

export const CARD_STATE_LABEL: Record<OrderCardState, string> = {
  preparing: 'Preparing',
  delivery: 'Out for Delivery',
  delivered: 'Delivered',
  unpaid: 'Unpaid',
  inperson: 'Pay In Person',
  cancelled: 'Cancelled',
  refund: 'Refund Due',
  refunded: 'Refunded',
  outofstock: 'Paid, Out of Stock',
  expired: 'Expired',
};

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
  return order.isInPerson ? 'To Be Paid In Person' : 'Payment Cancelled/Incomplete';
}

export interface DeliveryChoice {
  status: DeliveryStatus;
  /** False where the server would refuse it: an unpaid card order cannot go out or be delivered. */
  allowed: boolean;
}

/**
 * The select's choices: an in-person order starts at 'Preparing In Person Order', a card order at 'Preparing Order'.
 * An unpaid card order can only stay where it is; the later steps are shown but cannot be picked.
 */
export function deliveryChoices(order: Pick<Order, 'isInPerson' | 'isPaid'>): DeliveryChoice[] {
  const first = order.isInPerson ? DeliveryStatus.PreparingInPerson : DeliveryStatus.Preparing;
  const waitsForPayment = !order.isInPerson && !order.isPaid;
  return [first, DeliveryStatus.OutForDelivery, DeliveryStatus.Delivered].map((status) => ({
    status,
    allowed: status === first || !waitsForPayment,
  }));
}

/** A line under the select that says where the order stands now, in the card's words. */
export function currentStateText(order: Order): string {
  const state = orderCardState(order);
  if (state === 'unpaid') return 'Now: Unpaid. A card order goes out once its payment arrives.';
  if (state === 'cancelled' || state === 'refund' || state === 'refunded' || state === 'outofstock' || state === 'expired') return `Now: ${CARD_STATE_LABEL[state]}`;
  return `Now: ${order.deliveryStatus}`;
}

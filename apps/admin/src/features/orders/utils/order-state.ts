import { DeliveryStatus, type Order, OrderTab } from '@shop/contracts';

/** The six tabs in the spec's order, with its labels word for word (its typo included). */
export const ORDER_TABS: ReadonlyArray<{ tab: OrderTab; label: string }> = [
  { tab: OrderTab.InPerson, label: 'New Pay In Person Orders' },
  { tab: OrderTab.Card, label: 'New Credit Card Orders' },
  { tab: OrderTab.Delivering, label: 'Delivering' },
  { tab: OrderTab.Delivered, label: 'Delivered' },
  { tab: OrderTab.All, label: 'All' },
  { tab: OrderTab.Unpaid, label: 'Unpaid/Unsuccessful' },
];

/** The first tab opens when the URL names none, as the spec's screen did. */
export const DEFAULT_TAB: OrderTab = OrderTab.InPerson;

export function isOrderTab(value: string | null): value is OrderTab {
  return ORDER_TABS.some((t) => t.tab === value);
}

/** What an order's card looks like: the spec's five states, each with a word as well as a colour. */
export type OrderCardState = 'preparing' | 'delivery' | 'delivered' | 'unpaid' | 'inperson';

export function orderCardState(order: Order): OrderCardState {
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
  if (order.isPaid) return 'Paid';
  return order.isInPerson ? 'To Be Paid In Person' : 'Payment Cancelled/Incomplete';
}

/** The select's choices: an in-person order starts at 'Preparing In Person Order', a card order at 'Preparing Order'. */
export function deliveryChoices(inPerson: boolean): DeliveryStatus[] {
  return [inPerson ? DeliveryStatus.PreparingInPerson : DeliveryStatus.Preparing, DeliveryStatus.OutForDelivery, DeliveryStatus.Delivered];
}

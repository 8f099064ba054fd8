import { type DeliveryStatus, type Order, ORDER_NUMBER_PREFIX, type PaymentMethod } from '@shop/contracts';
import { fromCents } from '@shop/money';

/** A line as stored: the catalog's name, image and price (in cents) when the stock was reserved. */
export interface StoredLine {
  product: string;
  name: string;
  image: string;
  qty: number;
  priceCents: number;
}

export type PaymentState = 'pending' | 'paid' | 'failed' | 'expired' | 'in_person';
export type StockState = 'reserved' | 'committed' | 'released';

/** A row of orders.orders. */
export interface OrderRow {
  id: string;
  order_number: string | number;
  visitor_id: string;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  city: string;
  street: string;
  items: StoredLine[];
  items_cents: string | number;
  delivery_cents: string | number;
  total_cents: string | number;
  payment_method: PaymentMethod;
  payment_state: PaymentState;
  payment_reference: string | null;
  transaction_id: string | null;
  is_paid: boolean;
  paid_at: Date | null;
  is_delivered: boolean;
  delivered_at: Date | null;
  delivery_status: DeliveryStatus;
  is_in_person: boolean;
  stock_state: StockState;
  created_at: Date;
}

/** The order as the API answers it; without `withContact` the customer shows only a first name. */
export function toOrder(row: OrderRow, withContact = true): Order {
  const customer = withContact
    ? { id: row.visitor_id, fname: row.fname, lname: row.lname, email: row.email, phone: row.phone, city: row.city, street: row.street }
    : // The visitor id is the key to a shopper's tracking, so it is contact data too.
      { id: '', fname: row.fname };
  return {
    _id: row.id,
    orderNumber: `${ORDER_NUMBER_PREFIX}${row.order_number}`,
    customer,
    orderItems: row.items.map((l) => ({ name: l.name, product: l.product, qty: l.qty, price: fromCents(l.priceCents), image: l.image })),
    itemsPrice: fromCents(Number(row.items_cents)),
    deliveryCost: fromCents(Number(row.delivery_cents)),
    totalPrice: fromCents(Number(row.total_cents)),
    paymentMethod: row.payment_method,
    paymentReference: row.payment_reference,
    isPaid: row.is_paid,
    paidAt: row.paid_at?.toISOString() ?? null,
    isDelivered: row.is_delivered,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    deliveryStatus: row.delivery_status,
    isInPerson: row.is_in_person,
    createdAt: row.created_at.toISOString(),
  };
}

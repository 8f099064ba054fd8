import { type Order, paymentMethodLabel, SHOP_TIME_ZONE } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { PlacedOrderSummary } from './order-summary-table';
import './order-details.css';

const timeFormat = new Intl.DateTimeFormat('en-TT', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/** When something happened, in the shop's time zone. */
export function formatOrderTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** The payment line of an order as the server reports it. */
export function paymentStatusText(order: Order): string {
  if (order.state === 'paid_out_of_stock') return OUT_OF_STOCK_TEXT;
  if (isExpiredInPerson(order)) return 'Expired: the shop did not confirm this order in time and its items went back on sale. Nothing was charged.';
  if (order.isPaid) return 'Paid';
  if (order.isInPerson) return 'Will be Paid In Person';
  if (order.state === 'awaiting_transfer') return 'Waiting for your bank transfer';
  return 'Payment Unsuccessful. Sorry, please try again.';
}

/** Issue 23: a card payment that arrived after the last of an item was sold. Said plainly: the money arrived, the shop calls. */
export const OUT_OF_STOCK_TEXT =
  'Payment received. An item in your order sold out before your payment arrived: the shop will contact you to restock and deliver it, or to refund you in full.';

/** An in-person order the shop did not confirm before its hold ended. */
export function isExpiredInPerson(order: Order): boolean {
  return order.isInPerson && order.state === 'expired';
}

/** An order the owner cancelled (whatever became of its money). */
export function isOrderCancelled(order: Order): boolean {
  return order.state === 'cancelled' || order.state === 'refund_due' || order.state === 'refunded';
}

/** An order the shop goes ahead with: paid by card, or placed to be paid in person, and not cancelled. */
export function isOrderConfirmed(order: Order): boolean {
  return (order.isPaid || order.isInPerson || order.state === 'awaiting_transfer') && !isOrderCancelled(order) && !isExpiredInPerson(order);
}

/** A cancelled order's line, with what becomes of the money. */
export function cancelledText(order: Order): string {
  if (order.state === 'refund_due') return 'Cancelled. Your payment will be refunded.';
  if (order.state === 'refunded') return 'Cancelled. Your payment was refunded.';
  return 'Cancelled';
}

/**
 * The delivery status a shopper sees: a card order whose payment did not go through is not being prepared, so it
 * says so instead of its stored 'Preparing Order' (product-rules 5: 'Preparing Order' is for paid card orders).
 */
export function deliveryStatusText(order: Order): string {
  if (isOrderCancelled(order)) return 'Cancelled';
  if (isExpiredInPerson(order)) return 'Expired';
  if (order.state === 'paid_out_of_stock') return 'Waiting for the shop to contact you';
  if (order.state === 'awaiting_transfer') return 'Waiting for your bank transfer';
  return isOrderConfirmed(order) ? order.deliveryStatus : 'Payment Unsuccessful';
}

/** An order's heading with its status, items with the order's own delivery cost and total, and payment information. */
export function OrderDetails({ order }: { order: Order }) {
  const status = isExpiredInPerson(order)
    ? 'Expired'
    : order.isPaid
      ? 'Paid'
      : order.isInPerson
        ? 'To Be Paid In Person'
        : order.state === 'awaiting_transfer'
          ? 'Awaiting Transfer'
          : 'Payment Unsuccessful';
  return (
    <div className="order-details">
      <h1 className="section-heading__title order-details__title">
        Your Order: <span className={`order-details__status ${isOrderConfirmed(order) ? 'is-ok' : 'is-failed'}`}>{status.toUpperCase()}</span>
      </h1>
      <PlacedOrderSummary order={order} caption={`Items of order ${order.orderNumber}`} />
      <section className="order-details__block panel" aria-labelledby="payment-status-title">
        <h2 id="payment-status-title">Payment Status</h2>
        <p className="order-details__payment">{paymentStatusText(order)}</p>
        {order.paidAt && <p>Paid on {formatOrderTime(order.paidAt)}</p>}
        <p>Delivery Status: {deliveryStatusText(order)}</p>
      </section>
      <section className="order-details__block panel" aria-labelledby="payment-info-title">
        <h2 id="payment-info-title">Payment Information</h2>
        <dl className="order-details__info">
          <dt>Order number</dt>
          <dd>{order.orderNumber}</dd>
          <dt>Order id</dt>
          <dd>{order._id}</dd>
          <dt>Customer</dt>
          <dd>
            {order.customer.fname} {order.customer.lname}
          </dd>
          {order.customer.email && (
            <>
              <dt>Email</dt>
              <dd>{order.customer.email}</dd>
            </>
          )}
          {order.customer.street && (
            <>
              <dt>Address</dt>
              <dd>
                {order.customer.street}, {order.customer.city}
              </dd>
            </>
          )}
          <dt>Payment</dt>
          <dd>{paymentMethodLabel(order)}</dd>
          {order.paymentReference && (
            <>
              <dt>Reference</dt>
              <dd>{order.paymentReference}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd>
            {formatTTD(order.totalPrice)} (including {formatTTD(order.deliveryCost)} delivery)
          </dd>
          <dt>Placed</dt>
          <dd>{formatOrderTime(order.createdAt)}</dd>
        </dl>
      </section>
    </div>
  );
}

import type { Order } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { deliveryStatusText, formatOrderTime } from './order-details';

/** One order in 'My Orders': total, number of items, delivery status and the link to its tracking page. */
export function OrderCard({ order }: { order: Order }) {
  const items = order.orderItems.reduce((sum, item) => sum + item.qty, 0);
  return (
    <article className="order-card panel" aria-label={`Order placed ${formatOrderTime(order.createdAt)}`}>
      <p className="order-card__date">
        <strong>{order.orderNumber}</strong> · {formatOrderTime(order.createdAt)}
      </p>
      <dl className="order-card__facts">
        <dt>Total Price</dt>
        <dd>{formatTTD(order.totalPrice)}</dd>
        <dt>No. Items</dt>
        <dd>{items}</dd>
        <dt>Delivery Status</dt>
        <dd>{deliveryStatusText(order)}</dd>
      </dl>
      <Link className="button button--secondary button--small" to={paths.trackingOrder(order._id)}>
        Track<span className="visually-hidden"> order {order.orderNumber}</span>
      </Link>
    </article>
  );
}

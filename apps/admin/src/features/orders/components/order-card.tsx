import type { Order } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { CARD_STATE_LABEL, fullName, itemCount, orderCardState } from '../utils/order-state';
import './order-list.css';

/** One order in the list: coloured by its state, with the state written out too; the name links to the order. */
export function OrderCard({ order }: { order: Order }) {
  const id = useId();
  const state = orderCardState(order);
  return (
    <li>
      <article className={`order-card order-card--${state}`} aria-labelledby={`${id}-name`}>
        <h2 className="order-card__name" id={`${id}-name`}>
          <Link className="order-card__link" to={paths.order(order._id, order.isInPerson)}>
            {fullName(order)}
          </Link>
        </h2>
        {/* After the name in reading order, above it on screen: the name keeps the card's whole width. */}
        <p className="order-card__state">{CARD_STATE_LABEL[state]}</p>
        <p className="order-card__id">
          <span className="visually-hidden">Order number </span>
          <strong>{order.orderNumber}</strong>
          <br />
          <span className="visually-hidden">Order id </span>
          {order._id}
        </p>
        <dl className="order-card__facts">
          <div>
            <dt>Total Price</dt>
            <dd>{formatTTD(order.totalPrice)}</dd>
          </div>
          <div>
            <dt>No. Items</dt>
            <dd>{itemCount(order)}</dd>
          </div>
          <div>
            <dt>Delivery Status</dt>
            <dd>{order.isDelivered ? 'Delivered' : 'Not Delivered'}</dd>
          </div>
        </dl>
        {order.flags && order.flags.length > 0 && (
          <p className="order-card__flags">
            <span aria-hidden="true">⚑ </span>Flagged: {order.flags.join('; ')}
          </p>
        )}
      </article>
    </li>
  );
}

import { fulfilmentWord, type Order, paymentWord } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { formatShopTime } from '@shop/web-ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { fullName, itemCount, orderCardState } from '../utils/order-state';
import './order-list.css';

/**
 * One order in the list on a phone: coloured by its state, with one fulfilment word (from the lifecycle, never two
 * that disagree), its number and date, where it goes, what it costs and whether it is paid; the name links to it.
 */
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
        {/* An unusual order (issue 23) is marked in the same pill, so the card keeps its size; the reasons are on its page. */}
        <p className="order-card__state" title={order.flags?.length ? order.flags.join('; ') : undefined}>
          <span className="visually-hidden">Fulfilment: </span>
          {fulfilmentWord(order)}
          {order.flags && order.flags.length > 0 && (
            <span className="order-card__flag">
              {' · Flagged'}
              <span className="visually-hidden">: {order.flags.join('; ')}</span>
            </span>
          )}
        </p>
        <p className="order-card__id">
          <span className="visually-hidden">Order number </span>
          <strong>{order.orderNumber}</strong>
          {' · '}
          <time dateTime={order.createdAt}>{formatShopTime(order.createdAt)}</time>
        </p>
        <dl className="order-card__facts">
          <div>
            <dt>Total</dt>
            <dd>{formatTTD(order.totalPrice)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{paymentWord(order)}</dd>
          </div>
          <div>
            <dt>Area</dt>
            <dd>{order.deliveryArea?.name ?? '—'}</dd>
          </div>
          <div>
            <dt>No. Items</dt>
            <dd>{itemCount(order)}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

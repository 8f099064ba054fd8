import type { Order } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { formatShopTime } from '@shop/web-ui';
import { Suspense } from 'react';
import { Await, Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/**
 * Issue 29: card orders that expired unpaid in the last 7 days, for the owner to check against WiPay's dashboard (a
 * shopper may have paid and closed the tab). One that WiPay shows paid is opened and its payment recorded. Nothing
 * while there are none, or when the list cannot be read (the loader answers [] then; the other figures still show).
 */
export function ExpiredCardOrders({ orders }: { orders: Promise<Order[]> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={orders}>{(list: Order[]) => <ExpiredCardList orders={list} />}</Await>
    </Suspense>
  );
}

function ExpiredCardList({ orders }: { orders: Order[] }) {
  if (orders.length === 0) return null;
  return (
    <section className="dashboard-section" aria-labelledby="expired-card-heading">
      <h2 id="expired-card-heading" className="section-title">
        Card orders expired in the last 7 days
      </h2>
      <p className="dashboard-section__note">Check them against WiPay&apos;s dashboard: open one WiPay shows paid and record its card payment.</p>
      <ul>
        {orders.map((o) => (
          <li key={o._id}>
            <Link to={paths.order(o._id, false)}>{`${o.orderNumber}: ${o.customer.fname} ${o.customer.lname ?? ''}`.trim()}</Link>
            {` · ${formatTTD(o.totalPrice)} · placed ${formatShopTime(o.createdAt)}${o.paymentReference ? ` · reference ${o.paymentReference}` : ''}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

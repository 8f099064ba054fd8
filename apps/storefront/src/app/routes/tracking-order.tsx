import type { Order } from '@shop/contracts';
import { Suspense } from 'react';
import { Await, Link, useLoaderData } from 'react-router-dom';
import { paths } from '../../config/paths';
import { deliveryStatusText, formatOrderTime, isOrderConfirmed } from '../../features/orders/components/order-details';
import { OrderSummaryTable } from '../../features/orders/components/order-summary-table';
import type { trackingOrderLoader } from './tracking-loaders';
import './tracking.css';

function OrderNotFound() {
  return (
    <div className="tracking-empty">
      <h1 className="section-heading__title">Order not Found</h1>
      <Link to={paths.tracking}>Back to My Orders</Link>
    </div>
  );
}

function TrackedOrder({ order }: { order: Order }) {
  const successful = isOrderConfirmed(order);
  return (
    <>
      <title>{`Tracking ${order.customer.fname}'s Order | Island Glow`}</title>
      <h1 className="section-heading__title">Tracking {order.customer.fname}&apos;s Order</h1>
      <OrderSummaryTable lines={order.orderItems} deliveryCost={order.deliveryCost} total={order.totalPrice} caption="Items ordered" />
      <dl className="tracking-facts">
        <dt>Order Number</dt>
        <dd>{order.orderNumber}</dd>
        <dt>Delivery Status</dt>
        <dd>{deliveryStatusText(order)}</dd>
        {order.deliveredAt && (
          <>
            <dt>Delivery Time</dt>
            <dd>{formatOrderTime(order.deliveredAt)}</dd>
          </>
        )}
        <dt>Order Status</dt>
        <dd>{successful ? 'Order Successful' : 'Payment Unsuccessful. Sorry, please try again.'}</dd>
        {order.isInPerson && !order.isPaid && (
          <>
            <dt>Payment</dt>
            <dd>To Be Paid In Person</dd>
          </>
        )}
        {order.paidAt && (
          <>
            <dt>Order Time</dt>
            <dd>{formatOrderTime(order.paidAt)}</dd>
          </>
        )}
      </dl>
      <p>
        <Link to={paths.tracking}>Back to My Orders</Link>
      </p>
    </>
  );
}

export function TrackingOrderRoute() {
  const { id, order } = useLoaderData<typeof trackingOrderLoader>();
  return (
    <div className="container page-section tracking-order">
      <Suspense
        key={id}
        fallback={
          <p role="status" className="tracking-loading">
            Loading the order…
          </p>
        }
      >
        <Await resolve={order} errorElement={<OrderNotFound />}>
          {(loaded: Order) => <TrackedOrder order={loaded} />}
        </Await>
      </Suspense>
    </div>
  );
}

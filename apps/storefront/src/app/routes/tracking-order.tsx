import type { Order } from '@shop/contracts';
import { OrderTimeline } from '@shop/web-ui';
import { Link, useLoaderData } from 'react-router-dom';
import { AwaitWithStatus } from '../../components/ui/await-with-status';
import { paths } from '../../config/paths';
import { cancelledText, deliveryStatusText, formatOrderTime, isOrderCancelled, isOrderConfirmed } from '../../features/orders/components/order-details';
import { PlacedOrderSummary } from '../../features/orders/components/order-summary-table';
import { ReceiptDownload } from '../../features/orders/components/receipt-download';
import { AskOnWhatsApp } from '../../features/whatsapp/ask-on-whatsapp';
import { orderWhatsAppText } from '@shop/rules';
import type { trackingOrderLoader } from './tracking-loaders';
import type { ProofOutcome } from './order-result-loaders';
import { TransferProofForm } from '../../features/orders/components/transfer-proof-form';
import './tracking.css';

/** A mail's link that was tampered with or ended: say so, and where to ask for a code. */
function LinkRefused({ message }: { message: string }) {
  return (
    <div className="tracking-empty" role="alert">
      <h1 className="section-heading__title">This link no longer works</h1>
      <p>{message}</p>
      <Link className="button" to={paths.tracking}>
        Find my orders with a code
      </Link>
    </div>
  );
}

function OrderNotFound() {
  return (
    <div className="tracking-empty">
      <h1 className="section-heading__title">Order not Found</h1>
      <Link to={paths.tracking}>Back to My Orders</Link>
    </div>
  );
}

function TrackedOrder({ order, link, proof }: { order: Order; link?: string; proof: ProofOutcome }) {
  const successful = isOrderConfirmed(order);
  const cancelled = isOrderCancelled(order);
  return (
    <>
      <title>{`Tracking ${order.customer.fname}'s Order | Island Glow`}</title>
      <h1 className="section-heading__title">Tracking {order.customer.fname}&apos;s Order</h1>
      <PlacedOrderSummary order={order} caption="Items ordered" />
      <dl className="tracking-facts panel">
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
        <dd>{cancelled ? cancelledText(order) : successful ? 'Order Successful' : 'Payment Unsuccessful. Sorry, please try again.'}</dd>
        {order.isInPerson && !order.isPaid && !cancelled && (
          <>
            <dt>Payment</dt>
            <dd>To Be Paid In Person</dd>
          </>
        )}
        {order.state === 'awaiting_transfer' && (
          <>
            <dt>Payment</dt>
            <dd>Waiting for your bank transfer, with {order.orderNumber} as the reference</dd>
          </>
        )}
        {order.paidAt && (
          <>
            <dt>Order Time</dt>
            <dd>{formatOrderTime(order.paidAt)}</dd>
          </>
        )}
      </dl>
      <TransferProofForm order={order} pagePath={paths.trackingOrder(order._id)} link={link} outcome={proof} />
      <div className="tracking-actions">
        {successful && <ReceiptDownload orderId={order._id} orderNumber={order.orderNumber} />}
        <AskOnWhatsApp text={orderWhatsAppText(order)} />
      </div>
      {order.timeline && order.timeline.length > 0 && (
        <section className="tracking-timeline panel">
          <h2 id="order-timeline-title" className="tracking-timeline__title">
            What happened
          </h2>
          <OrderTimeline entries={order.timeline} inPerson={order.isInPerson} audience="shopper" headingId="order-timeline-title" />
        </section>
      )}
      <p>
        <Link to={paths.tracking}>Back to My Orders</Link>
      </p>
    </>
  );
}

export function TrackingOrderRoute() {
  const { id, link, proof, order } = useLoaderData<typeof trackingOrderLoader>();
  return (
    <div className="container page-section tracking-order">
      <AwaitWithStatus key={id} resolve={order} loading="Loading the order…" loadingClassName="tracking-loading" errorElement={<OrderNotFound />}>
        {(loaded) => ('refused' in loaded ? <LinkRefused message={loaded.refused} /> : <TrackedOrder order={loaded.order} link={link} proof={proof} />)}
      </AwaitWithStatus>
    </div>
  );
}

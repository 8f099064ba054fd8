import { type Order, paymentMethodLabel } from '@shop/contracts';
import { PAY_ON_DELIVERY_LABELS } from '@shop/rules';
import { formatShopTime, OrderTimeline } from '@shop/web-ui';
import { Suspense } from 'react';
import { Await, Link, Navigate, useLoaderData, useMatch, useNavigate, useParams, useRevalidator } from 'react-router-dom';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { CustomerDetails } from '../../features/orders/components/customer-details';
import { OrderActions } from '../../features/orders/components/order-actions';
import { OrderArchive } from '../../features/orders/components/order-archive';
import { OrderDeliveryNotes } from '../../features/orders/components/order-delivery-notes';
import { OrderHoldActions } from '../../features/orders/components/order-hold-actions';
import { OrderItemsTable } from '../../features/orders/components/order-items-table';
import { OrderMoves } from '../../features/orders/components/order-moves';
import { OrderReceiptWhatsApp } from '../../features/orders/components/order-receipt-whatsapp';
import { RecordCardPayment } from '../../features/orders/components/record-card-payment';
import { RecordTransferPayment } from '../../features/orders/components/record-transfer-payment';
import { TransferProofs } from '../../features/orders/components/transfer-proofs';
import { PackingSlipButton } from '../../features/documents/components/packing-slip-button';
import '../../features/orders/components/order-detail.css';
import type { orderLoader } from './orders-loaders';
import { useFollowingState } from '../../lib/use-following-state';

interface OrderViewProps {
  order: Order;
  onUpdated: (order: Order) => void;
  /** The server refused a move (the order changed meanwhile): read it again. */
  onRefused: () => void;
}

function OrderView({ order, onUpdated, onRefused }: OrderViewProps) {
  const navigate = useNavigate();
  const firstName = order.customer.fname;
  const closed = closedText(order);

  return (
    <>
      <title>{`${firstName}'s Order ${order.orderNumber} | Island Glow Admin`}</title>
      <p>
        <Link to={paths.orders}>Go Back</Link>
      </p>
      <div className="order-head">
        <div>
          <h1 className="page-title">{`${firstName}'s Order`}</h1>
          <p className="order-head__meta">
            Order {order.orderNumber} · {order.isInPerson ? `Pay in person${order.payOnDelivery ? ` (${PAY_ON_DELIVERY_LABELS[order.payOnDelivery]})` : ''}` : paymentMethodLabel(order)} · placed {formatShopTime(order.createdAt)}
            {order.archivedAt ? ' · archived' : ''}
          </p>
          <PackingSlipButton order={order} />
        </div>
      </div>
      {order.flags && order.flags.length > 0 && (
        <section className="order-section card order-flags" aria-labelledby="order-flags-title">
          <h2 className="order-section__title" id="order-flags-title">
            Flagged as unusual
          </h2>
          <ul>
            {order.flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </section>
      )}
      <OrderDeliveryNotes order={order} />
      <div className="order-detail">
        {/* The next step first: on a phone the buttons are at hand without scrolling past the details. */}
        <div className="order-detail__wide">
          <OrderMoves key={order._id} order={order} closedText={closed} onUpdated={onUpdated} onRefused={onRefused} />
        </div>
        <OrderHoldActions order={order} onUpdated={onUpdated} />
        <RecordCardPayment order={order} onUpdated={onUpdated} />
        <TransferProofs order={order} />
        <RecordTransferPayment order={order} onUpdated={onUpdated} />
        <CustomerDetails order={order} />
        <OrderItemsTable order={order} />
        <OrderReceiptWhatsApp order={order} />
        <OrderActions order={order} onUpdated={onUpdated} />
        {order.timeline && order.timeline.length > 0 && (
          <section className="order-section card order-detail__wide" aria-labelledby="order-timeline-title">
            <h2 className="order-section__title" id="order-timeline-title">
              Timeline
            </h2>
            <OrderTimeline entries={order.timeline} inPerson={order.isInPerson} audience="owner" headingId="order-timeline-title" />
          </section>
        )}
        <OrderArchive order={order} onUpdated={onUpdated} onRefused={onRefused} onDeleted={() => void navigate(paths.orders)} />
      </div>
    </>
  );
}

/** What an order's screen says where it has no fulfilment step to take (cancelled, waiting for a payment...). */
function closedText(order: Order): string | null {
  if (order.state === 'refund_due') return 'Cancelled. The payment is due back to the customer.';
  if (order.state === 'refunded') return 'Cancelled and refunded.';
  if (order.state === 'paid_out_of_stock') return 'Paid, but the stock was sold before the payment arrived: fulfil it once restocked, or cancel it and refund.';
  if (order.state === 'expired') return order.isInPerson ? 'Expired unconfirmed: its items went back on sale. Nothing was paid.' : 'Expired unpaid: its items went back on sale.';
  if (order.state === 'awaiting_payment') return 'Waiting for the card payment. A card order goes out once its payment arrives.';
  if (order.state === 'payment_failed') return 'The card payment failed: its items went back on sale.';
  if (order.state === 'cancelled') return 'Cancelled. Nothing more to do.';
  return null;
}

function OrderLoading() {
  return (
    <>
      <title>Order | Island Glow Admin</title>
      <Spinner label="Loading the order…" />
    </>
  );
}

function OrderError() {
  return (
    <>
      <title>Order | Island Glow Admin</title>
      <h1 className="page-title">Order</h1>
      <LoadError placeholder={<Spinner label="Loading the order…" />} />
      <p>
        <Link to={paths.orders}>Go to Orders</Link>
      </p>
    </>
  );
}

/** The loaded order; a change made here shows at once from the server's answer, then the screen revalidates. */
function OrderScreen({ loaded }: { loaded: Order }) {
  const inPersonRoute = useMatch(paths.orderInPersonDetail) !== null;
  const revalidator = useRevalidator();
  const [shown, setShown] = useFollowingState(loaded);
  // The order's own flag decides the variant; an address of the other kind is corrected.
  if (shown.isInPerson !== inPersonRoute) return <Navigate to={paths.order(shown._id, shown.isInPerson)} replace />;
  return (
    <OrderView
      order={shown}
      onUpdated={(order) => {
        setShown(order);
        // The order again from the server, and the sidebar's count of orders waiting (the layout's fetcher).
        void revalidator.revalidate();
      }}
      onRefused={() => void revalidator.revalidate()}
    />
  );
}

/** One order, at /admin/orders/{id} for card orders and /admin/orders/inperson/{id} for pay-in-person ones. */
export function OrderDetailRoute() {
  const { id = '' } = useParams();
  const { order } = useLoaderData<typeof orderLoader>();
  return (
    <Suspense key={id} fallback={<OrderLoading />}>
      <Await resolve={order} errorElement={<OrderError />}>
        {(loaded) => <OrderScreen loaded={loaded} />}
      </Await>
    </Suspense>
  );
}

import { adminUpdateOrder } from '@shop/api-client';
import type { DeliveryStatus, Order } from '@shop/contracts';
import { formatShopTime, OrderTimeline, toast } from '@shop/web-ui';
import { Suspense, useState } from 'react';
import { Await, Link, Navigate, useLoaderData, useMatch, useNavigate, useParams, useRevalidator } from 'react-router-dom';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { CustomerDetails } from '../../features/orders/components/customer-details';
import { DeleteOrderButton } from '../../features/orders/components/delete-order-button';
import { DeliveryStatusForm } from '../../features/orders/components/delivery-status-form';
import { OrderActions } from '../../features/orders/components/order-actions';
import { OrderDeliveryNotes } from '../../features/orders/components/order-delivery-notes';
import { OrderHoldActions } from '../../features/orders/components/order-hold-actions';
import { OrderItemsTable } from '../../features/orders/components/order-items-table';
import { OrderReceiptWhatsApp } from '../../features/orders/components/order-receipt-whatsapp';
import { PackingSlipButton } from '../../features/documents/components/packing-slip-button';
import { type UpdateState, UpdateResult } from '../../features/orders/components/update-result';
import { errorMessage } from '../../lib/error-message';
import '../../features/orders/components/order-detail.css';
import type { orderLoader } from './orders-loaders';

function OrderView({ order, onUpdated }: { order: Order; onUpdated: (order: Order) => void }) {
  const navigate = useNavigate();
  const [update, setUpdate] = useState<UpdateState>({ status: 'idle' });
  // A refusal remounts the select, so it shows the order's real status again, not the refused value.
  const [refusals, setRefusals] = useState(0);
  const firstName = order.customer.fname;
  // The select is there while the lifecycle lets the owner move the order (not once it is cancelled).
  const canMove = order.actions === undefined || order.actions.some((a) => a === 'prepare' || a === 'send_out' || a === 'deliver');

  async function save(deliveryStatus: DeliveryStatus) {
    setUpdate({ status: 'saving' });
    try {
      const saved = await adminUpdateOrder(order._id, deliveryStatus);
      onUpdated(saved);
      setUpdate({ status: 'done' });
      toast('Order Updated Successfully');
    } catch (caught) {
      setUpdate({ status: 'failed', message: errorMessage(caught) });
      setRefusals((n) => n + 1);
    }
  }

  return (
    <>
      <title>{`${firstName}'s Order | Island Glow Admin`}</title>
      <p>
        <Link to={paths.orders}>Go Back</Link>
      </p>
      <div className="order-head">
        <div>
          <h1 className="page-title">{`${firstName}'s Order`}</h1>
          <p className="order-head__meta">
            Order {order.orderNumber} · {order.isInPerson ? 'Pay in person' : 'Card'} · placed {formatShopTime(order.createdAt)}
          </p>
          <PackingSlipButton order={order} />
        </div>
        <DeleteOrderButton id={order._id} firstName={firstName} onDeleted={() => void navigate(paths.orders)} />
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
        <CustomerDetails order={order} />
        <OrderItemsTable order={order} />
        <OrderReceiptWhatsApp order={order} />
        <div className="order-detail__wide">
          {canMove ? (
            <DeliveryStatusForm
            key={`${order._id}:${order.deliveryStatus}:${order.isPaid}:${refusals}`}
            order={order}
            busy={update.status === 'saving'}
            onSubmit={(status) => void save(status)}
            onChange={() => setUpdate((state) => (state.status === 'saving' ? state : { status: 'idle' }))}
            />
          ) : (
            <p className="order-section card">{closedText(order)}</p>
          )}
          <UpdateResult state={update} />
        </div>
        <OrderHoldActions order={order} onUpdated={onUpdated} />
        <OrderActions order={order} onUpdated={onUpdated} />
        {order.timeline && order.timeline.length > 0 && (
          <section className="order-section card order-detail__wide" aria-labelledby="order-timeline-title">
            <h2 className="order-section__title" id="order-timeline-title">
              Timeline
            </h2>
            <OrderTimeline entries={order.timeline} inPerson={order.isInPerson} audience="owner" headingId="order-timeline-title" />
          </section>
        )}
      </div>
    </>
  );
}

/** What a cancelled order's screen says instead of the status select. */
function closedText(order: Order): string {
  if (order.state === 'refund_due') return 'Cancelled. The payment is due back to the customer.';
  if (order.state === 'refunded') return 'Cancelled and refunded.';
  if (order.state === 'paid_out_of_stock') return 'Paid, but the stock was sold before the payment arrived: fulfil it once restocked, or cancel it and refund.';
  if (order.state === 'expired') return 'Expired unconfirmed: its items went back on sale. Nothing was paid.';
  return 'Cancelled. Nothing more to do.';
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
  const [shown, setShown] = useState(loaded);
  const [shownOf, setShownOf] = useState(loaded);
  if (shownOf !== loaded) {
    setShownOf(loaded);
    setShown(loaded);
  }
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

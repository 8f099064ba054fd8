import { adminGetOrder, adminUpdateOrder, isAbortError } from '@shop/api-client';
import type { DeliveryStatus, Order } from '@shop/contracts';
import { ErrorPanel, formatShopTime, OrderTimeline } from '@shop/web-ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useMatch, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { CustomerDetails } from '../../features/orders/components/customer-details';
import { DeleteOrderButton } from '../../features/orders/components/delete-order-button';
import { DeliveryStatusForm } from '../../features/orders/components/delivery-status-form';
import { OrderActions } from '../../features/orders/components/order-actions';
import { OrderItemsTable } from '../../features/orders/components/order-items-table';
import { OrderReceiptWhatsApp } from '../../features/orders/components/order-receipt-whatsapp';
import { type UpdateState, UpdateResult } from '../../features/orders/components/update-result';
import { withAdminSession } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import { ordersChanged } from '../../lib/order-badge';
import '../../features/orders/components/order-detail.css';

type LoadState = { status: 'loading' } | { status: 'ready'; order: Order } | { status: 'failed'; message: string };

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
      const saved = await withAdminSession(() => adminUpdateOrder(order._id, deliveryStatus));
      onUpdated(saved);
      ordersChanged();
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
        </div>
        <DeleteOrderButton id={order._id} firstName={firstName} onDeleted={() => void navigate(paths.orders)} />
      </div>
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
  return 'Cancelled. Nothing more to do.';
}

/** One order, at /admin/orders/{id} for card orders and /admin/orders/inperson/{id} for pay-in-person ones. */
export function OrderDetailRoute() {
  const { id = '' } = useParams();
  const inPersonRoute = useMatch(paths.orderInPersonDetail) !== null;
  const [reload, setReload] = useState(0);
  // What one request (this order, this retry) answered; until its answer comes, the screen is loading.
  const request = `${id}#${reload}`;
  const [loaded, setLoaded] = useState<{ request: string; state: LoadState } | null>(null);
  const state: LoadState = loaded?.request === request ? loaded.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    withAdminSession(() => adminGetOrder(id, { signal: controller.signal })).then(
      (order) => setLoaded({ request, state: { status: 'ready', order } }),
      (error: unknown) => {
        if (!isAbortError(error)) setLoaded({ request, state: { status: 'failed', message: errorMessage(error) } });
      },
    );
    return () => controller.abort();
  }, [id, request]);

  if (state.status === 'loading') {
    return (
      <>
        <title>Order | Island Glow Admin</title>
        <Spinner label="Loading the order…" />
      </>
    );
  }
  if (state.status === 'failed') {
    return (
      <>
        <title>Order | Island Glow Admin</title>
        <h1 className="page-title">Order</h1>
        <ErrorPanel message={state.message} onRetry={() => setReload((n) => n + 1)} />
        <p>
          <Link to={paths.orders}>Go to Orders</Link>
        </p>
      </>
    );
  }
  // The order's own flag decides the variant; an address of the other kind is corrected.
  if (state.order.isInPerson !== inPersonRoute) return <Navigate to={paths.order(state.order._id, state.order.isInPerson)} replace />;
  return <OrderView order={state.order} onUpdated={(order) => setLoaded({ request, state: { status: 'ready', order } })} />;
}

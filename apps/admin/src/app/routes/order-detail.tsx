import { adminGetOrder, adminUpdateOrder, isAbortError } from '@shop/api-client';
import type { DeliveryStatus, Order } from '@shop/contracts';
import { ErrorPanel } from '@shop/web-ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useMatch, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { CustomerDetails } from '../../features/orders/components/customer-details';
import { DeleteOrderButton } from '../../features/orders/components/delete-order-button';
import { DeliveryStatusForm } from '../../features/orders/components/delivery-status-form';
import { OrderItemsTable } from '../../features/orders/components/order-items-table';
import { type UpdateState, UpdateResult } from '../../features/orders/components/update-result';
import { withAdminToken } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import { ordersChanged } from '../../lib/order-badge';
import '../../features/orders/components/order-detail.css';

type LoadState = { status: 'loading' } | { status: 'ready'; order: Order } | { status: 'failed'; message: string };

const placedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Port_of_Spain' });

function OrderView({ order, onUpdated }: { order: Order; onUpdated: (order: Order) => void }) {
  const navigate = useNavigate();
  const [update, setUpdate] = useState<UpdateState>({ status: 'idle' });
  const firstName = order.customer.fname;

  async function save(deliveryStatus: DeliveryStatus) {
    setUpdate({ status: 'saving' });
    try {
      const saved = await withAdminToken((token) => adminUpdateOrder(order._id, deliveryStatus, token));
      onUpdated(saved);
      ordersChanged();
      setUpdate({ status: 'done' });
      toast('Order Updated Successfully');
    } catch (caught) {
      setUpdate({ status: 'failed', message: errorMessage(caught) });
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
            Order {order.orderNumber} · {order.isInPerson ? 'Pay in person' : 'Card'} · placed {placedAt.format(new Date(order.createdAt))}
          </p>
        </div>
        <DeleteOrderButton id={order._id} firstName={firstName} onDeleted={() => void navigate(paths.orders)} />
      </div>
      <div className="order-detail">
        <CustomerDetails order={order} />
        <OrderItemsTable order={order} />
        <div className="order-detail__wide">
          <DeliveryStatusForm
            key={order._id}
            inPerson={order.isInPerson}
            current={order.deliveryStatus}
            busy={update.status === 'saving'}
            onSubmit={(status) => void save(status)}
            onChange={() => setUpdate((state) => (state.status === 'saving' ? state : { status: 'idle' }))}
          />
          <UpdateResult state={update} />
        </div>
      </div>
    </>
  );
}

/** One order, at /admin/orders/{id} for card orders and /admin/orders/inperson/{id} for pay-in-person ones. */
export function OrderDetailRoute() {
  const { id = '' } = useParams();
  const inPersonRoute = useMatch(paths.orderInPersonDetail) !== null;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    withAdminToken((token) => adminGetOrder(id, token, { signal: controller.signal })).then(
      (order) => setState({ status: 'ready', order }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [id, reload]);

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
  return <OrderView order={state.order} onUpdated={(order) => setState({ status: 'ready', order })} />;
}

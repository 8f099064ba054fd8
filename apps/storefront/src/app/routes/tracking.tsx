import { Link, useLoaderData } from 'react-router-dom';
import { AwaitWithStatus } from '../../components/ui/await-with-status';
import { paths } from '../../config/paths';
import { OrderCard } from '../../features/orders/components/order-card';
import type { trackingLoader } from './tracking-loaders';
import './tracking.css';

function NoOrders() {
  return (
    <div className="tracking-empty">
      <p>No orders found. Enjoy Shopping with Us!</p>
      <Link className="button" to={paths.products}>
        Go to Products
      </Link>
    </div>
  );
}

export function TrackingRoute() {
  const { orders } = useLoaderData<typeof trackingLoader>();
  return (
    <div className="container page-section">
      <title>Track Orders | Island Glow</title>
      <h1 className="section-heading__title">My Orders</h1>
      {/* A failed call reads as no orders (spec section 8). */}
      <AwaitWithStatus resolve={orders} loading="Loading your orders…" loadingClassName="tracking-loading" errorElement={<NoOrders />}>
        {(list) =>
            list.length === 0 ? (
              <NoOrders />
            ) : (
              <ul className="tracking-list card-list">
                {list.map((order) => (
                  <li key={order._id}>
                    <OrderCard order={order} />
                  </li>
                ))}
              </ul>
            )
          }
      </AwaitWithStatus>
    </div>
  );
}

import { Suspense } from 'react';
import { Await, Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { AwaitWithStatus } from '../../components/ui/await-with-status';
import { paths } from '../../config/paths';
import { FindOrdersForm, missingCodeText } from '../../features/find-orders/components/find-orders-form';
import { OrderCard } from '../../features/orders/components/order-card';
import { AskOnWhatsApp } from '../../features/whatsapp/ask-on-whatsapp';
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
  const { orders, submission, whatsApp } = useLoaderData<typeof trackingLoader>();
  const revalidator = useRevalidator();
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
      <section className="find-orders panel">
        <FindOrdersForm
          submission={submission}
          onFound={() => void revalidator.revalidate()}
          askOnWhatsApp={(contact) => {
            const label = 'No mail? Ask on WhatsApp';
            // In the browser the link reads the shop's number itself; the server's page has it from the loader.
            if (whatsApp === undefined) return <AskOnWhatsApp text={missingCodeText(contact)} label={label} />;
            return (
              <Suspense fallback={null}>
                <Await resolve={whatsApp}>{(number: string | null) => <AskOnWhatsApp text={missingCodeText(contact)} label={label} number={number} />}</Await>
              </Suspense>
            );
          }}
        />
      </section>
    </div>
  );
}

import { ApiError, payOrder, placeOrder } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { CHECKOUT_MESSAGES, type CheckoutCustomer } from '@shop/rules';
import { Suspense, use, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { toast, Toaster } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { cartSubtotal, useCartStore } from '../../features/cart/stores/cart-store';
import { CheckoutForm, type PaymentChoice } from '../../features/checkout/components/checkout-form';
import { OrderSummaryTable } from '../../features/orders/components/order-summary-table';
import { errorMessage } from '../../lib/error-message';
import { getVisitorId } from '../../lib/visitor-id';
import type { checkoutLoader } from './checkout-loader';
import './checkout.css';

type Stage = { kind: 'form' } | { kind: 'placing' } | { kind: 'placed'; order: Order; payment: PaymentChoice } | { kind: 'error'; message: string };

function Summary({ deliveryCost }: { deliveryCost: Promise<number> }) {
  const cartItems = useCartStore((state) => state.cartItems);
  return <OrderSummaryTable lines={cartItems} deliveryCost={use(deliveryCost)} caption="Your order" />;
}

function SummarySkeleton() {
  return (
    <div className="order-summary checkout__summary-placeholder" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading the delivery cost…
      </p>
    </div>
  );
}

export function CheckoutRoute() {
  const { deliveryCost } = useLoaderData<typeof checkoutLoader>();
  const cartItems = useCartStore((state) => state.cartItems);
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  // One key per checkout attempt: a retry after a lost answer gets the first order back, not a second one.
  const idempotencyKey = useRef(crypto.randomUUID());

  const place = async (customer: CheckoutCustomer, payment: PaymentChoice) => {
    if (cartItems.length === 0 || cartSubtotal(cartItems) <= 0) {
      toast(CHECKOUT_MESSAGES.emptyCart);
      return;
    }
    setStage({ kind: 'placing' });
    try {
      const order = await placeOrder(
        {
          customer,
          items: cartItems.map((item) => ({ product: item.product, qty: item.qty })),
          inPerson: payment === 'in_person',
          idempotencyKey: idempotencyKey.current,
        },
        getVisitorId(),
      );
      idempotencyKey.current = crypto.randomUUID();
      setStage({ kind: 'placed', order, payment });
      if (payment === 'in_person') {
        void navigate(paths.checkoutInPerson(order._id));
        return;
      }
      const { url } = await payOrder(order._id);
      window.location.assign(url);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) idempotencyKey.current = crypto.randomUUID();
      setStage({ kind: 'error', message: errorMessage(error) });
    }
  };

  const busy = stage.kind === 'placing' || stage.kind === 'placed';

  return (
    <div className="container page-section checkout">
      <title>Checkout | Island Glow</title>
      <Toaster />
      <h1 className="section-heading__title">Checkout</h1>
      <p>
        <Link to={paths.cart}>Back to Cart</Link>
      </p>
      {cartItems.length === 0 && stage.kind !== 'placed' ? (
        <div className="cart-empty">
          <p>Your Cart is Empty</p>
          <Link className="button" to={paths.products}>
            Go to Products
          </Link>
        </div>
      ) : (
        <div className="checkout__grid">
          <section aria-labelledby="summary-title">
            <h2 id="summary-title" className="checkout__subtitle">
              Order Summary
            </h2>
            <Suspense fallback={<SummarySkeleton />}>
              <Summary deliveryCost={deliveryCost} />
            </Suspense>
          </section>
          <section aria-labelledby="details-title" className="checkout__details">
            <h2 id="details-title" className="checkout__subtitle">
              Your Details
            </h2>
            {stage.kind === 'placed' ? (
              <div className="checkout__placed" role="status">
                <h3>Order Submitted Successfully</h3>
                <p>Order id: {stage.order._id}</p>
                <p>
                  Name: {stage.order.customer.fname} {stage.order.customer.lname}
                </p>
                <p>
                  Location: {stage.order.customer.street}, {stage.order.customer.city}
                </p>
                <p>{stage.payment === 'card' ? 'Taking you to the secure payment page…' : 'Opening your order…'}</p>
              </div>
            ) : (
              <>
                {stage.kind === 'error' && <ErrorPanel message={stage.message} />}
                {stage.kind === 'placing' && (
                  <p role="status" className="checkout__placing">
                    Placing your order…
                  </p>
                )}
                <CheckoutForm disabled={busy} onSubmit={(customer, payment) => void place(customer, payment)} />
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

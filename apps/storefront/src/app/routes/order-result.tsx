import { ApiError, errorMessage, payOrder } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { Link, useAsyncError, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { AwaitWithStatus } from '../../components/ui/await-with-status';
import { paths } from '../../config/paths';
import { useCartStore } from '../../features/cart/stores/cart-store';
import { isOrderCancelled, isOrderConfirmed, OrderDetails, OUT_OF_STOCK_TEXT } from '../../features/orders/components/order-details';
import { expectedDelivery } from '../../features/orders/expected-delivery';
import { BankTransferDetails } from '../../features/orders/components/bank-transfer-details';
import { TransferProofForm } from '../../features/orders/components/transfer-proof-form';
import { getVisitorId } from '../../lib/visitor-id';
import { AskOnWhatsApp } from '../../features/whatsapp/ask-on-whatsapp';
import { orderWhatsAppText } from '@shop/rules';
import type { checkoutResultLoader, OrderResult } from './order-result-loaders';

function ResultError() {
  const error = useAsyncError();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="not-found-order">
        <h1 className="section-heading__title">Order not Found</h1>
        <p>
          <Link to={paths.home}>Back to Home</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <ErrorPanel message={errorMessage(error)} />
      <p>
        <Link to={paths.cart}>Back to Cart</Link>
      </p>
    </>
  );
}

/** A new payment page for an unpaid card order; the server refuses one it can no longer take. */
function PayAgain({ order }: { order: Order }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const pay = async () => {
    setState({ busy: true, error: null });
    try {
      const { url } = await payOrder(order._id, getVisitorId());
      window.location.assign(url);
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  };
  return (
    <div className="order-result__pay-again">
      {state.error && <ErrorPanel message={state.error} />}
      <button type="button" className="button" disabled={state.busy} onClick={() => void pay()}>
        Pay for this order
      </button>
    </div>
  );
}

/** Empties the cart once the server confirms the order (paid, or placed to be paid in person). */
function ConfirmedOrder({ order, refusal, proof }: OrderResult) {
  const clear = useCartStore((state) => state.clear);
  const confirmed = isOrderConfirmed(order);
  // A declined payment keeps the cart, so the shopper can try again; with an empty cart there is nothing to retry.
  const canRetry = useCartStore((state) => state.cartItems.length > 0) && !confirmed;
  useEffect(() => {
    if (confirmed) clear();
  }, [confirmed, clear]);
  const declined = !confirmed && !order.isInPerson && !isOrderCancelled(order);
  const arrival = order.deliveryArea ? expectedDelivery(order.createdAt, order.deliveryArea.estimatedDays) : null;
  return (
    <>
      {refusal && <ErrorPanel message={refusal} />}
      {order.state === 'paid_out_of_stock' && (
        <div className="order-result__submitted" role="status">
          <h2>Payment Received</h2>
          <p>{OUT_OF_STOCK_TEXT}</p>
          <p>Order number: {order.orderNumber}</p>
        </div>
      )}
      {confirmed && order.state !== 'paid_out_of_stock' && (
        <div className="order-result__thanks" role="status">
          <h2>Thank you{order.customer.fname ? `, ${order.customer.fname}` : ''}!</h2>
          {/* An order placed in person names its number below, in the spec's block. */}
          {!order.isInPerson && (
            <p>
              Your order number is <strong>{order.orderNumber}</strong>.
            </p>
          )}
          {order.customer.email && (
            <p>
              {order.state === 'awaiting_transfer' ? 'The bank details have been sent to' : 'A receipt has been sent to'} {order.customer.email}.
            </p>
          )}
          {order.deliveryArea && (
            <p>
              {order.deliveryArea.name}: {arrival ? `expected ${arrival}` : order.deliveryArea.estimatedDays}.
            </p>
          )}
        </div>
      )}
      {declined && canRetry && (
        <div className="order-result__retry">
          <p>Your card was not charged. Your cart is kept, so you can try again or pay when it arrives.</p>
          <p className="order-result__retry-actions">
            <Link className="button" to={paths.checkout}>
              Try again
            </Link>
            <Link className="button button--secondary" to={`${paths.checkout}?pay=in-person`}>
              Pay in person instead
            </Link>
          </p>
        </div>
      )}
      {order.isInPerson && order.state !== 'expired' && (
        <div className="order-result__submitted">
          <h2>Order Submitted Successfully</h2>
          <p>Order number: {order.orderNumber}</p>
          <p>
            Name: {order.customer.fname} {order.customer.lname}
          </p>
          {order.customer.street && (
            <p>
              Location: {order.customer.street}, {order.customer.city}
            </p>
          )}
        </div>
      )}
      <BankTransferDetails order={order} />
      <TransferProofForm order={order} pagePath={paths.checkoutTransfer(order._id)} outcome={proof} />
      <OrderDetails order={order} />
      {refusal && !order.isPaid && !order.isInPerson && <PayAgain order={order} />}
      <p className="order-result__whatsapp">
        <AskOnWhatsApp text={orderWhatsAppText(order)} />
      </p>
      <p className="order-result__links">
        <Link to={paths.trackingOrder(order._id)}>Track this order</Link>
        <Link to={paths.products}>Continue Shopping</Link>
      </p>
    </>
  );
}

/**
 * The payment provider sends the shopper back with their details in the address (masked card, name, e-mail,
 * address). The loader has read them (its request is under way, and the route never loads again for a new
 * search); the address bar, the history and any later Referer keep only the clean page address.
 */
function useCleanAddress(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (search) void navigate({ pathname, hash }, { replace: true, preventScrollReset: true });
  }, [pathname, search, hash, navigate]);
}

/** The card result and the pay-in-person confirmation pages: what the server says about the order. */
export function OrderResultRoute() {
  const { id, order } = useLoaderData<typeof checkoutResultLoader>();
  useCleanAddress();
  return (
    <div className="container page-section">
      <title>Your Order | Island Glow</title>
      <AwaitWithStatus key={id} resolve={order} loading="Checking your order…" loadingClassName="order-result__loading" errorElement={<ResultError />}>
        {(loaded) => <ConfirmedOrder order={loaded.order} refusal={loaded.refusal} proof={loaded.proof} />}
      </AwaitWithStatus>
    </div>
  );
}

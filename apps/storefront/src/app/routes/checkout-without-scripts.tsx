import type { OrderQuote } from '@shop/contracts';
import { isPickUpArea } from '@shop/rules';
import { ErrorPanel } from '@shop/web-ui';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { CartEmpty } from '../../features/cart/components/cart-empty';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { DeliveryAndDiscount } from '../../features/checkout/components/delivery-and-discount';
import { PayInPersonNote } from '../../features/checkout/components/pay-in-person-note';
import { OrderSummaryTable } from '../../features/orders/components/order-summary-table';
import type { CheckoutWithoutScripts } from './checkout-loader';
import './checkout.css';

const FORM_ID = 'checkout-form';
const noop = () => undefined;

function sellable(quote: OrderQuote | null) {
  return quote?.lines.filter((line) => !line.problem && line.price !== null && line.name !== null) ?? [];
}

/**
 * The checkout the storefront's server draws for a browser without scripts: the line Buy Now sent, priced by the
 * server for the chosen area, and a form it answers (server/checkout-post.ts): "Update total" prices another area,
 * the payment buttons place the order. The app draws its own checkout over this page.
 */
export function CheckoutWithoutScriptsView({ data }: { data: CheckoutWithoutScripts }) {
  const { line, areas, areaId, quote, pickupAddress, submission, idempotencyKey } = data;
  const lines = sellable(quote);
  const chosen = areas.find((area) => area._id === areaId);
  const problems = quote?.lines.filter((l) => l.problem) ?? [];
  return (
    <div className="container page-section checkout">
      <title>Checkout | Island Glow</title>
      <h1 className="section-heading__title">Checkout</h1>
      <p>
        <Link to={paths.cart}>Back to Cart</Link>
      </p>
      {!line || !quote || lines.length === 0 ? (
        <CartEmpty message={line && problems.length > 0 ? 'Sorry, this product is not available right now.' : undefined} />
      ) : (
        <div className="checkout__grid">
          <section aria-labelledby="summary-title">
            <h2 id="summary-title" className="checkout__subtitle">
              Order Summary
            </h2>
            <DeliveryAndDiscount
              areas={areas}
              areaId={areaId}
              onAreaChange={noop}
              code={undefined}
              onCodeChange={noop}
              quote={quote}
              disabled={false}
              formId={FORM_ID}
              withCode={false}
            />
            {/* Without scripts the total follows the area only when the form is sent: this asks for it. */}
            {!submission?.payment && (
              <button type="submit" form={FORM_ID} name="intent" value="quote" className="button button--secondary checkout__update-total">
                Update total
              </button>
            )}
            <OrderSummaryTable
              lines={lines.map((l) => ({ product: l.product, name: l.name ?? '', price: l.price ?? 0, qty: l.qty }))}
              deliveryCost={quote.deliveryCost}
              deliveryArea={quote.deliveryArea}
              discount={quote.discount}
              total={quote.totalPrice}
              caption="Your order"
            />
          </section>
          <section aria-labelledby="details-title" className="checkout__details">
            <h2 id="details-title" className="checkout__subtitle">
              Your Details
            </h2>
            {submission?.message && <ErrorPanel message={submission.message} />}
            {submission?.payment ? (
              <div className="checkout__placed" role="status">
                <h3>Order Submitted Successfully</h3>
                {submission.payment.orderNumber && <p>Order number: {submission.payment.orderNumber}</p>}
                <p>Your order is saved. Pay for it on the secure card payment page:</p>
                <p>
                  <a className="button" href={submission.payment.url}>
                    Continue to card payment
                  </a>
                </p>
              </div>
            ) : (
              <CheckoutForm
                disabled={false}
                onSubmit={noop}
                areaName={chosen?.name}
                areaNames={areas.map((area) => area.name)}
                formId={FORM_ID}
                hidden={{
                  add: line.product,
                  qty: String(line.qty),
                  // The total shown: the server refuses the order if its own differs (another area chosen since).
                  confirmedTotal: String(quote.totalPrice),
                  idempotencyKey,
                }}
                initialValues={submission?.values ?? {}}
                initialErrors={submission?.errors ?? {}}
              >
                <PayInPersonNote pickupAddress={pickupAddress} pickUpChosen={submission && chosen && isPickUpArea(chosen.name) ? true : undefined} />
              </CheckoutForm>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

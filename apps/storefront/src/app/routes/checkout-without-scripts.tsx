import { isPickUpArea } from '@shop/rules';
import { ErrorPanel } from '@shop/web-ui';
import { CartEmpty } from '../../features/cart/components/cart-empty';
import { CheckoutGrid, CheckoutPage } from '../../features/checkout/components/checkout-layout';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { DeliveryAndDiscount } from '../../features/checkout/components/delivery-and-discount';
import { PayInPersonNote } from '../../features/checkout/components/pay-in-person-note';
import { BankTransferNote } from '../../features/checkout/components/bank-transfer-note';
import { QuoteSummary, sellableLines } from '../../features/orders/components/order-summary-table';
import type { CheckoutWithoutScripts } from './checkout-loader';
import './checkout.css';

const FORM_ID = 'checkout-form';
const noop = () => undefined;

/**
 * The checkout the storefront's server draws for a browser without scripts: the line Buy Now sent, priced by the
 * server for the chosen area, and a form it answers (server/checkout-post.ts): "Update total" prices another area,
 * the payment buttons place the order. The app draws its own checkout over this page.
 */
export function CheckoutWithoutScriptsView({ data }: { data: CheckoutWithoutScripts }) {
  const { line, areas, areaId, quote, pickupAddress, bankTransfer, submission, idempotencyKey } = data;
  const lines = sellableLines(quote);
  const chosen = areas.find((area) => area._id === areaId);
  const problems = quote?.lines.filter((l) => l.problem) ?? [];
  return (
    <CheckoutPage>
      {!line || !quote || lines.length === 0 ? (
        <CartEmpty message={line && problems.length > 0 ? 'Sorry, this product is not available right now.' : undefined} />
      ) : (
        <CheckoutGrid
          summary={
            <>
              <DeliveryAndDiscount areas={areas} areaId={areaId} quote={quote} formId={FORM_ID} withCode={false} />
              {/* Without scripts the total follows the area only when the form is sent: this asks for it. */}
              {!submission?.payment && (
                <button type="submit" form={FORM_ID} name="intent" value="quote" className="button button--secondary checkout__update-total">
                  Update total
                </button>
              )}
              <QuoteSummary quote={quote} />
            </>
          }
          details={
            <>
              {submission?.message && <ErrorPanel message={submission.message} />}
              {submission?.payment ? (
                <div className="checkout__placed panel" role="status">
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
                    ...(line.variant ? { variant: line.variant } : {}),
                    qty: String(line.qty),
                    // The total shown: the server refuses the order if its own differs (another area chosen since).
                    confirmedTotal: String(quote.totalPrice),
                    idempotencyKey,
                  }}
                  initialValues={submission?.values ?? {}}
                  initialErrors={submission?.errors ?? {}}
                  bankTransfer={bankTransfer?.enabled === true && bankTransfer.accounts.length > 0}
                >
                  <PayInPersonNote
                    pickupAddress={pickupAddress}
                    pickUpChosen={submission && chosen && isPickUpArea(chosen.name) ? true : undefined}
                    payOnDelivery={submission?.values['payOnDelivery'] === 'linx' ? 'linx' : 'cash'}
                  />
                  <BankTransferNote settings={bankTransfer} />
                </CheckoutForm>
              )}
            </>
          }
        />
      )}
    </CheckoutPage>
  );
}

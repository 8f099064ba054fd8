import { ApiError, errorMessage, getControls, getDeliveryAreas, isAbortError, payOrder, placeOrder } from '@shop/api-client';
import type { DeliveryArea, Order, SiteSettings } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { CHECKOUT_MESSAGES, type CheckoutCustomer, isPickUpArea, type PayOnDelivery } from '@shop/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { ErrorPanel, toast, Toaster } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { CartEmpty } from '../../features/cart/components/cart-empty';
import { useAddFromLink } from '../../features/cart/hooks/use-add-from-link';
import { quoteProblemText, useCartQuote } from '../../features/cart/hooks/use-cart-quote';
import { cartLineKey, useCartStore } from '../../features/cart/stores/cart-store';
import { CheckoutForm, type PaymentChoice } from '../../features/checkout/components/checkout-form';
import { CheckoutGrid, CheckoutPage } from '../../features/checkout/components/checkout-layout';
import { DeliveryAndDiscount } from '../../features/checkout/components/delivery-and-discount';
import { CheckoutOfflineNotice } from '../../features/checkout/components/offline-notice';
import { PayInPersonNote } from '../../features/checkout/components/pay-in-person-note';
import { BankTransferNote } from '../../features/checkout/components/bank-transfer-note';
import { QuoteSummary } from '../../features/orders/components/order-summary-table';
import { useInBrowser } from '../../lib/use-in-browser';
import { getVisitorId } from '../../lib/visitor-id';
import type { checkoutLoader } from './checkout-loader';
import { CheckoutWithoutScriptsView } from './checkout-without-scripts';
import './checkout.css';

type Stage = { kind: 'form' } | { kind: 'placing' } | { kind: 'placed'; order: Order; payment: PaymentChoice } | { kind: 'error'; message: string };

function SummarySkeleton() {
  return (
    <div className="order-summary checkout__summary-placeholder" aria-busy="true">
      <p className="visually-hidden" role="status">
        Checking today's prices…
      </p>
    </div>
  );
}

/**
 * /checkout. The storefront's server draws it for a browser without scripts (checkout-without-scripts.tsx: the
 * Buy Now line, a form the server answers); the app draws it afresh from the stored cart.
 */
export function CheckoutRoute() {
  const withoutScripts = useLoaderData<typeof checkoutLoader>();
  const inBrowser = useInBrowser();
  if (!inBrowser && withoutScripts) return <CheckoutWithoutScriptsView data={withoutScripts} />;
  return <CheckoutInBrowser />;
}

function CheckoutInBrowser() {
  const adding = useAddFromLink();
  const formId = useId();
  const cartItems = useCartStore((state) => state.cartItems);
  const [areas, setAreas] = useState<DeliveryArea[] | null>(null);
  const [areaId, setAreaId] = useState<string | undefined>(undefined);
  const [discountCode, setDiscountCode] = useState<string | undefined>(undefined);
  const { quote, status, previousPrices, refresh } = useCartQuote({ deliveryAreaId: areaId, discountCode });
  const [pickupAddress, setPickupAddress] = useState<string | null>(null);
  const [bankTransfer, setBankTransfer] = useState<SiteSettings['bankTransferSettings'] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getDeliveryAreas({ signal: controller.signal })
      .then(setAreas)
      .catch((error: unknown) => {
        // Without the list the shop's default area is priced, as the quote shows.
        if (!isAbortError(error)) setAreas([]);
      });
    getControls({ signal: controller.signal })
      .then((list) => {
        setPickupAddress(list[0]?.shopSettings?.pickupAddress ?? null);
        setBankTransfer(list[0]?.bankTransferSettings ?? null);
      })
      // Without the settings the pick-up address is not shown; the rest of the checkout is unaffected.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  // One key per checkout, kept until an order is confirmed or the server refuses it (4xx): an error answer
  // (a 503 while a service restarts, a 500, no answer at all) does not say that no order was stored, and the
  // server answers a retry with the same key with the order it already has, never a second one.
  const idempotencyKey = useRef(crypto.randomUUID());

  const sellable = quote?.lines.filter((line) => !line.problem && line.price !== null) ?? [];

  const place = async (customer: CheckoutCustomer, payment: PaymentChoice, payOnDelivery: PayOnDelivery) => {
    if (!quote || status !== 'ready') {
      toast("Please wait while we check today's prices", 'error');
      return;
    }
    if (sellable.length === 0 || quote.itemsPrice <= 0) {
      toast(CHECKOUT_MESSAGES.emptyCart, 'error');
      return;
    }
    setStage({ kind: 'placing' });
    try {
      // What is sent is what the shopper sees: the quoted lines and total. The server refuses (409) if its own differ.
      const order = await placeOrder(
        {
          customer,
          items: sellable.map((line) => ({ product: line.product, ...(line.variant ? { variant: line.variant } : {}), qty: line.qty, confirmedPrice: line.price ?? undefined })),
          confirmedTotal: quote.totalPrice,
          inPerson: payment === 'in_person',
          bankTransfer: payment === 'bank_transfer',
          payOnDelivery: payment === 'in_person' ? payOnDelivery : undefined,
          idempotencyKey: idempotencyKey.current,
          deliveryAreaId: quote.deliveryArea?._id,
          // Only a code the quote gave a saving for: a code that gives none is not sent (the shopper saw the full price).
          discountCode: quote.discount?.code,
        },
        getVisitorId(),
      );
      // The order is confirmed: another checkout from this page is another order.
      idempotencyKey.current = crypto.randomUUID();
      setStage({ kind: 'placed', order, payment });
      if (payment === 'in_person') {
        void navigate(paths.checkoutInPerson(order._id));
        return;
      }
      if (payment === 'bank_transfer') {
        // Issue 29: the result page shows the accounts, the reference and the WhatsApp link for the proof.
        void navigate(paths.checkoutTransfer(order._id));
        return;
      }
      const { url } = await payOrder(order._id, getVisitorId());
      window.location.assign(url);
    } catch (error) {
      // A refusal over prices or stock: fetch the figures again, so the shopper confirms what the server now asks.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) refresh();
      // A 4xx is the server's answer that it stored no order under this key (it answers a stored one first), and
      // the same key could be refused for good (its reservation was given back after a long outage): the next
      // attempt is a new checkout. A 5xx or no answer keeps the key, so a retry never makes a second order.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) idempotencyKey.current = crypto.randomUUID();
      setStage({ kind: 'error', message: errorMessage(error) });
    }
  };

  const busy = stage.kind === 'placing' || stage.kind === 'placed';
  const chosenAreaId = areaId ?? quote?.deliveryArea?._id ?? areas?.find((a) => a.isDefault)?._id;
  const chosenArea = areas?.find((area) => area._id === chosenAreaId);
  const notices = (quote?.lines ?? []).flatMap((line) => {
    const stored = cartItems.find((item) => cartLineKey(item) === cartLineKey(line));
    const problem = quoteProblemText(line, stored?.name ?? 'A product');
    if (problem) return [problem];
    const before = previousPrices[cartLineKey(line)];
    return before !== undefined && line.price !== null && before !== line.price
      ? [`The price of ${line.name} changed from ${formatTTD(before)} to ${formatTTD(line.price)}.`]
      : [];
  });

  return (
    <CheckoutPage
      notice={
        <>
          <Toaster />
          <CheckoutOfflineNotice />
        </>
      }
    >
      {adding ? (
        <p role="status">Adding to your cart…</p>
      ) : cartItems.length === 0 && stage.kind !== 'placed' ? (
        <CartEmpty />
      ) : (
        <CheckoutGrid
          summary={
            <>
              {notices.length > 0 && (
                <ul className="checkout__notices" aria-label="Changes to your cart">
                  {notices.map((notice) => (
                    <li key={notice}>{notice}</li>
                  ))}
                </ul>
              )}
              <DeliveryAndDiscount
                areas={areas}
                areaId={chosenAreaId}
                onAreaChange={setAreaId}
                code={discountCode}
                onCodeChange={setDiscountCode}
                quote={status === 'ready' ? quote : null}
                disabled={busy}
                formId={formId}
              />
              {quote ? (
                <div aria-busy={status === 'loading'}>
                  <QuoteSummary quote={quote} />
                </div>
              ) : status === 'error' ? (
                <div className="checkout__quote-error">
                  <ErrorPanel message="We could not check today's prices. Please try again." />
                  <button type="button" className="button button--secondary" onClick={refresh}>
                    Check prices again
                  </button>
                </div>
              ) : (
                <SummarySkeleton />
              )}
            </>
          }
          details={
            stage.kind === 'placed' ? (
              <div className="checkout__placed panel" role="status">
                <h3>Order Submitted Successfully</h3>
                <p>Order number: {stage.order.orderNumber}</p>
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
                <CheckoutForm
                  disabled={busy}
                  waiting={status !== 'ready'}
                  onSubmit={(customer, payment, payOnDelivery) => void place(customer, payment, payOnDelivery)}
                  areaName={chosenArea?.name}
                  areaNames={areas?.map((area) => area.name)}
                  formId={formId}
                  bankTransfer={bankTransfer?.enabled === true && bankTransfer.accounts.length > 0}
                >
                  <PayInPersonNote pickupAddress={pickupAddress} pickUpChosen={chosenArea ? isPickUpArea(chosenArea.name) : false} />
                  <BankTransferNote settings={bankTransfer} />
                </CheckoutForm>
              </>
            )
          }
        />
      )}
    </CheckoutPage>
  );
}

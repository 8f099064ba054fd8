import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHECKOUT_MESSAGES, CheckoutCustomerSchema, checkoutFieldErrors } from '@shop/rules';
import { paths } from '../src/config/paths';
import { callGateway, readPostedForm, refusalOf } from './form-post';
import type { FormSubmission } from '../src/app/render-contract';

/** Draws a page again with a posted form (the values typed and what was wrong), for this visitor. */
export type RenderAgain = (path: string, context: { visitorId: string; submission: FormSubmission; orderAccess?: string }, headers: Record<string, string>) => Promise<void>;

/** The customer fields the form posts, by the names the shared rules give them. */
const CHECKOUT_FIELD_NAMES = Object.keys(CheckoutCustomerSchema.shape);
const OTHER_FIELDS = ['add', 'variant', 'qty', 'deliveryArea', 'confirmedTotal', 'idempotencyKey', 'payment', 'intent', 'payOnDelivery'] as const;
const NOT_TAKEN = 'Your order could not be placed just now. Nothing was charged; please try again.';

/**
 * The checkout without scripts (progressive enhancement): `POST /checkout` from the form the server drew
 * (app/routes/checkout-without-scripts.tsx). "Update total" draws the checkout again for the chosen area; a pay
 * button checks the details with the shared rules, places the order through the gateway's own API (as the app
 * does, with the form's idempotency key) and answers 303 to the in-person confirmation, or draws the checkout with
 * a link to the card payment page. Anything refused comes back as the form with what was typed and a message for
 * people.
 */
export async function postCheckout(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, renderAgain: RenderAgain): Promise<void> {
  const posted = await readPostedForm(req, res, [...CHECKOUT_FIELD_NAMES, ...OTHER_FIELDS], 'That form is too large.');
  if (!posted) return;
  const { values, visitorId, setCookie } = posted;
  const headers: Record<string, string> = setCookie ? { 'Set-Cookie': setCookie } : {};
  // What is shown again: the shopper's own text, never the button pressed.
  const { intent, payment, ...kept } = values;
  const back = (submission: FormSubmission) => renderAgain(paths.checkout, { visitorId, submission }, headers);

  if (intent === 'quote') return back({ values: kept, errors: {} });
  const errors = checkoutFieldErrors(values);
  if (Object.keys(errors).length > 0) return back({ values: kept, errors, message: CHECKOUT_MESSAGES.form });
  if (!values['add']) return back({ values: kept, errors: {}, message: CHECKOUT_MESSAGES.emptyCart });

  const inPerson = payment === 'in_person';
  const bankTransfer = payment === 'bank_transfer';
  const confirmedTotal = Number(values['confirmedTotal']);
  const qty = Number(values['qty']);
  const key = values['idempotencyKey'] ?? '';
  const placed = await callGateway(
    gatewayUrl,
    req,
    'POST',
    inPerson ? '/api/orders/inperson' : '/api/orders',
    {
      ...Object.fromEntries(CHECKOUT_FIELD_NAMES.map((name) => [name, values[name] ?? ''])),
      id: visitorId,
      // Issue 28: the variant Buy Now sent (none for a product without options); the gateway refuses one not the product's.
      orderItems: [{ product: values['add'], ...(values['variant'] ? { variant: values['variant'] } : {}), qty: Number.isInteger(qty) ? qty : 1 }],
      confirmedTotal: Number.isFinite(confirmedTotal) && values['confirmedTotal'] ? confirmedTotal : undefined,
      deliveryAreaId: values['deliveryArea'] || undefined,
      // Issue 29: the cash or Linx radio (the gateway refuses anything else with the rule's message).
      ...(inPerson && values['payOnDelivery'] ? { payOnDelivery: values['payOnDelivery'] } : {}),
      // Issue 29: the gateway refuses it (400, with a message for people) while the shop has bank transfer off.
      ...(bankTransfer ? { paymentMethod: 'bank_transfer' } : {}),
    },
    { 'X-Visitor-Id': visitorId, ...(/^[\x21-\x7e]{1,200}$/.test(key) ? { 'Idempotency-Key': key } : {}) },
  );
  if (placed.status < 200 || placed.status >= 300) {
    // A refusal (4xx) stored nothing under this key: the next try is a new checkout. A 5xx or no answer keeps the
    // key, so sending the form again cannot place a second order.
    const { idempotencyKey: _used, ...fresh } = kept;
    return back({ values: placed.status >= 400 && placed.status < 500 ? fresh : kept, errors: {}, message: refusalOf(placed, NOT_TAKEN) });
  }
  const orderId = (placed.body as { _id?: unknown } | null)?._id;
  if (typeof orderId !== 'string') return back({ values: kept, errors: {}, message: NOT_TAKEN });
  if (inPerson || bankTransfer) {
    // A bank-transfer order's result page shows the accounts, the reference and the WhatsApp link for the proof.
    res.writeHead(303, { ...headers, 'Cache-Control': 'no-store', Location: inPerson ? paths.checkoutInPerson(orderId) : paths.checkoutTransfer(orderId) }).end();
    return;
  }
  const pay = await callGateway(gatewayUrl, req, 'POST', '/api/orders/pay', { orderId }, { 'X-Visitor-Id': visitorId });
  const url = (pay.body as { url?: unknown } | null)?.url;
  if (pay.status >= 200 && pay.status < 300 && typeof url === 'string' && /^https?:\/\//.test(url)) {
    // The shop's pages allow form posts to itself only (CSP form-action 'self', which browsers apply to a post's
    // redirects too), so the payment provider's page is a link on the checkout rather than a redirect.
    const orderNumber = (placed.body as { orderNumber?: unknown }).orderNumber;
    return back({ values: kept, errors: {}, payment: { orderNumber: typeof orderNumber === 'string' ? orderNumber : '', url } });
  }
  // The order is stored: the same key on the next try answers it, and asks for its payment page again.
  return back({ values: kept, errors: {}, message: refusalOf(pay, 'Your order is saved, but the card payment page could not be opened. Please try again, or pay in person.') });
}

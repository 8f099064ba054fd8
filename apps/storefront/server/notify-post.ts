import type { IncomingMessage, ServerResponse } from 'node:http';
import { stockWaitFieldErrors } from '@shop/contracts';
import { paths } from '../src/config/paths';
import { notifySentHref, UNSUBSCRIBE_PATH } from '../src/features/back-in-stock/notify-outcome';
import type { RenderAgain } from './checkout-post';
import { callGateway, readPostedForm, refusalOf } from './form-post';

const NOTIFY_FIELDS = ['variant', 'email', 'whatsapp', 'consent'];
const NOT_SENT = 'We could not save that just now. Please try again in a moment.';
const NOT_DONE = 'We could not do that just now. Please try again in a moment.';

/**
 * "Notify me" without scripts (issue 28): `POST /product/{id}/notify` is checked with the shared rules and sent through
 * the gateway's own API as the shopper, then answered 303 to the product page with `?notify=sent`; a refusal draws
 * the product page again with what was typed and a message under each field.
 */
export async function postNotify(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, productId: string, renderAgain: RenderAgain): Promise<void> {
  const posted = await readPostedForm(req, res, NOTIFY_FIELDS, 'That is too long.');
  if (!posted) return;
  const { values, visitorId } = posted;
  const variant = values.variant?.trim() || undefined;
  const page = `${paths.product(productId)}${variant && variant !== productId ? `?variant=${encodeURIComponent(variant)}` : ''}`;
  const back = (errors: Record<string, string>, message?: string) => renderAgain(page, { visitorId, submission: { values, errors, message } }, {});
  const form = { variant, email: values.email?.trim() || undefined, whatsapp: values.whatsapp?.trim() || undefined, consent: values.consent === 'on' ? 'on' : undefined };
  const errors = stockWaitFieldErrors(form);
  if (Object.keys(errors).length > 0) return back(errors as Record<string, string>);
  const answer = await callGateway(gatewayUrl, req, 'POST', `/api/products/${encodeURIComponent(productId)}/stock-waits`, form, { 'X-Visitor-Id': visitorId });
  if (answer.status >= 200 && answer.status < 300) {
    res.writeHead(303, { 'Cache-Control': 'no-store', Location: notifySentHref(productId, variant) }).end();
    return;
  }
  return back({}, refusalOf(answer, NOT_SENT));
}

/**
 * The unsubscribe page's button without scripts (and with them: the page's form is a plain one): the token goes to
 * the gateway, then 303 to the page's confirmation; a refusal (an unknown or used-up link) draws the page again.
 */
export async function postUnsubscribe(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, renderAgain: RenderAgain): Promise<void> {
  const posted = await readPostedForm(req, res, ['token'], 'That is too long.');
  if (!posted) return;
  const { values, visitorId } = posted;
  const answer = await callGateway(gatewayUrl, req, 'POST', '/api/stock-waits/unsubscribe', { token: values.token ?? '' });
  if (answer.status >= 200 && answer.status < 300) {
    res.writeHead(303, { 'Cache-Control': 'no-store', Location: `${UNSUBSCRIBE_PATH}?done=1` }).end();
    return;
  }
  return renderAgain(UNSUBSCRIBE_PATH, { visitorId, submission: { values, errors: {}, message: refusalOf(answer, NOT_DONE) } }, {});
}

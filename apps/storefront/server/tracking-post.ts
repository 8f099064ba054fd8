import type { IncomingMessage, ServerResponse } from 'node:http';
import { ORDER_ACCESS_COOKIE } from '@shop/contracts';
import { orderLookupFieldErrors } from '@shop/rules';
import { paths } from '../src/config/paths';
import type { RenderAgain } from './checkout-post';
import { callGateway, cookieValue, readPostedForm, refusalOf } from './form-post';

const NOT_SENT = 'The code could not be sent just now. Please try again in a moment.';
const NOT_CHECKED = 'The code could not be checked just now. Please try again in a moment.';
const TOO_LARGE = 'That form is too large.';

/** The grant a "Find my orders" code gave this browser (the gateway's HttpOnly cookie on the shop's host), if any. */
export function orderAccessOf(req: IncomingMessage): string | undefined {
  return cookieValue(req, ORDER_ACCESS_COOKIE);
}

/**
 * "Find my orders" without scripts, step 1 (issue 29): `POST /tracking` with the e-mail or phone is checked with the
 * shared rules and sent through the gateway's own API (`POST /api/order-lookup`); the page comes back with the code
 * form and the gateway's answer (the same whatever the contact), or with the form again and what was wrong.
 */
export async function postOrderLookup(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, renderAgain: RenderAgain): Promise<void> {
  const posted = await readPostedForm(req, res, ['contact'], TOO_LARGE);
  if (!posted) return;
  const { values, visitorId } = posted;
  const orderAccess = orderAccessOf(req);
  const back = (step: 'contact' | 'code', errors: Record<string, string>, message?: string) =>
    renderAgain(paths.tracking, { visitorId, orderAccess, submission: { values: { ...values, step }, errors, message } }, {});
  const errors = orderLookupFieldErrors(values, false);
  if (Object.keys(errors).length > 0) return back('contact', errors);
  const sent = await callGateway(gatewayUrl, req, 'POST', '/api/order-lookup', { contact: values['contact'] });
  if (sent.status >= 200 && sent.status < 300) {
    const said = (sent.body as { message?: unknown } | null)?.message;
    return back('code', {}, typeof said === 'string' ? said : undefined);
  }
  return back('contact', {}, refusalOf(sent, NOT_SENT));
}

/**
 * Step 2: `POST /tracking/code` with the contact and the code. A right code: the gateway's grant cookie is passed on
 * to the browser and the answer is 303 to `/tracking`, which lists the orders; else the code form again, saying why.
 */
export async function postOrderCode(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, renderAgain: RenderAgain): Promise<void> {
  const posted = await readPostedForm(req, res, ['contact', 'code'], TOO_LARGE);
  if (!posted) return;
  const { values, visitorId } = posted;
  const back = (errors: Record<string, string>, message?: string) =>
    renderAgain(paths.tracking, { visitorId, orderAccess: orderAccessOf(req), submission: { values: { contact: values['contact'] ?? '', step: 'code' }, errors, message } }, {});
  const errors = orderLookupFieldErrors(values, true);
  if (Object.keys(errors).length > 0) return back(errors);
  const checked = await callGateway(gatewayUrl, req, 'POST', '/api/order-lookup/code', { contact: values['contact'], code: values['code'] });
  const grant = (checked.setCookie ?? []).filter((cookie) => cookie.startsWith(`${ORDER_ACCESS_COOKIE}=`));
  if (checked.status === 200 && grant.length > 0) {
    res.writeHead(303, { 'Set-Cookie': grant, 'Cache-Control': 'no-store', Location: paths.tracking }).end();
    return;
  }
  return back({}, refusalOf(checked, NOT_CHECKED));
}

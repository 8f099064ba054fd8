import type { IncomingMessage, ServerResponse } from 'node:http';
import { contactFieldErrors, ContactInputSchema } from '@shop/rules';
import { paths } from '../src/config/paths';
import type { RenderAgain } from './checkout-post';
import { callGateway, readPostedForm, refusalOf } from './form-post';

const FIELDS = Object.keys(ContactInputSchema.shape);
const NOT_SENT = 'Your message could not be sent just now. Please try again in a moment.';

/**
 * The contact form without scripts: `POST /contact` is checked with the shared rules and sent through the
 * gateway's own API (`POST /api/mail/`), then answered 303 to `/contact?sent=1`; a refusal draws the page again with
 * what was typed and a message under each field.
 */
export async function postContact(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, renderAgain: RenderAgain): Promise<void> {
  const posted = await readPostedForm(req, res, FIELDS, 'That message is too long.');
  if (!posted) return;
  const { values, visitorId } = posted;
  const back = (errors: Record<string, string>, message?: string) => renderAgain(paths.contact, { visitorId, submission: { values, errors, message } }, {});
  const errors = contactFieldErrors(values);
  if (Object.keys(errors).length > 0) return back(errors);
  const sent = await callGateway(gatewayUrl, req, 'POST', '/api/mail/', values);
  if (sent.status >= 200 && sent.status < 300) {
    res.writeHead(303, { 'Cache-Control': 'no-store', Location: `${paths.contact}?sent=1` }).end();
    return;
  }
  return back({}, refusalOf(sent, NOT_SENT));
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import { reviewOutcomeHref, type ReviewOutcome } from '../src/features/reviews/review-outcome';
import { cookieVisitorId, forwardedFor, isVisitorId, readFields, visitorCookie, visitorOf } from './form-post';

/**
 * The review form without the app (progressive enhancement): `POST /product/{id}/review` with the form's fields
 * reaches this server, which writes the review through the gateway's own API, as the app does, and answers 303
 * back to the product page with the outcome in its URL (the page shows the same panel the app would).
 *
 * The visitor id: the form's hidden field (filled from the browser's storage by the page's early script), else
 * the `shop_visitor` cookie this server set before, else a new one, kept in that cookie for the next review.
 */

/** A review form is a few hundred characters; anything far larger is not one. */
const MAX_BODY_BYTES = 16 * 1024;
const GENERIC_FAILURE = 'Your review could not be saved, please try again.';

/** Whether the gateway's answer says the review waits for the shop's approval (issue 26). */
function reviewHeld(body: Buffer): boolean {
  try {
    return (JSON.parse(body.toString('utf8')) as { reviewHeld?: unknown }).reviewHeld === true;
  } catch {
    return false;
  }
}

/** PUT /api/products/review/{id} on the gateway, as the visitor; answers the outcome to show. */
function writeReview(gatewayUrl: URL, req: IncomingMessage, productId: string, visitorId: string, form: URLSearchParams): Promise<NonNullable<ReviewOutcome>> {
  const body = JSON.stringify({ name: (form.get('name') ?? '').trim(), rating: Number(form.get('rating') ?? 'NaN'), comment: (form.get('comment') ?? '').trim() });
  const target = new URL(`/api/products/review/${encodeURIComponent(productId)}`, gatewayUrl);
  return new Promise((done) => {
    const call = httpRequest(
      target,
      {
        method: 'PUT',
        timeout: 10_000,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'X-Visitor-Id': visitorId, 'X-Forwarded-For': forwardedFor(req) },
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          const status = answer.statusCode ?? 502;
          if (status >= 200 && status < 300) return done({ kind: reviewHeld(Buffer.concat(parts)) ? 'held' : 'done' });
          let message = GENERIC_FAILURE;
          // The gateway's messages are written for shoppers (bad input, too many reviews); a 5xx is not shown as is.
          if (status < 500) {
            try {
              const parsed = JSON.parse(Buffer.concat(parts).toString('utf8')) as { message?: unknown };
              if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
            } catch {
              /* not JSON: the generic message */
            }
          }
          done({ kind: 'error', message });
        });
        answer.on('error', () => done({ kind: 'error', message: GENERIC_FAILURE }));
      },
    );
    call.on('timeout', () => call.destroy(new Error('timed out')));
    call.on('error', () => done({ kind: 'error', message: GENERIC_FAILURE }));
    call.end(body);
  });
}

/** Answers the review form's POST with a 303 back to the product page. */
export async function postReview(req: IncomingMessage, res: ServerResponse, gatewayUrl: URL, productId: string): Promise<void> {
  const productPath = `/product/${encodeURIComponent(productId)}`;
  const form = await readFields(req, MAX_BODY_BYTES);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  let outcome: NonNullable<ReviewOutcome>;
  if (!form) {
    outcome = { kind: 'error', message: 'That review is too long.' };
  } else {
    // The form's id (from the browser's storage) first, kept in the cookie when the cookie holds another.
    const fromForm = form.get('visitorId') ?? '';
    const { visitorId, setCookie } = isVisitorId(fromForm) ? { visitorId: fromForm, setCookie: fromForm === cookieVisitorId(req) ? undefined : visitorCookie(fromForm) } : visitorOf(req);
    if (setCookie) headers['Set-Cookie'] = setCookie;
    outcome = await writeReview(gatewayUrl, req, productId, visitorId, form);
  }
  res.writeHead(303, { ...headers, Location: reviewOutcomeHref(productPath, outcome) }).end();
}

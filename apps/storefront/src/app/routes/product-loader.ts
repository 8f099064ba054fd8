import { getControls, getProduct } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { readReviewOutcome } from '../../features/reviews/review-outcome';
import { deferred } from '../../lib/deferred';
import { peekVisitorId } from '../../lib/visitor-id';

/**
 * Starts the product request (with the visitor id, so their own reviews come back marked) and the shop's WhatsApp
 * number without waiting. The URL also carries what plain HTML sent here: `?qty=` from the quantity stepper, and
 * the outcome of a review sent without the app (`?review=`, see server/review-post.ts).
 */
export function productLoader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const url = new URL(request.url);
  const qty = Number(url.searchParams.get('qty'));
  return {
    id,
    product: deferred(getProduct(id, { signal: request.signal, visitorId: peekVisitorId() })),
    // In the server's HTML with the page ("Ask on WhatsApp" must not appear later and push the page down).
    whatsapp: deferred(
      getControls({ signal: request.signal })
        .then((list) => list[0]?.contactSettings.whatsapp || null)
        .catch(() => null),
    ),
    /** The page's own address, for the link the WhatsApp message carries. */
    origin: url.origin,
    askedQty: Number.isInteger(qty) && qty > 0 ? qty : undefined,
    review: readReviewOutcome(url.searchParams),
  };
}

/**
 * What became of a review sent as a plain form (without the app): the SSR server sends the shopper back to the
 * product page with `?review=sent`, `?review=held` (saved, but it waits for the shop's approval, issue 26), or
 * `?review=error&message=...` (server/review-post.ts), and the page shows the same panel the app shows after sending
 * one itself.
 */
export type ReviewOutcome = { kind: 'done' } | { kind: 'held' } | { kind: 'error'; message: string } | null;

export const REVIEW_SENT = 'sent';
export const REVIEW_HELD = 'held';
export const REVIEW_FAILED = 'error';

/** What the shopper is told when the shop holds reviews for approval. */
export const REVIEW_HELD_MESSAGE = 'Thanks! Your review will appear once the shop has checked it.';

/** The outcome a product page's URL carries, if any. */
export function readReviewOutcome(search: URLSearchParams): ReviewOutcome {
  const outcome = search.get('review');
  if (outcome === REVIEW_SENT) return { kind: 'done' };
  if (outcome === REVIEW_HELD) return { kind: 'held' };
  if (outcome === REVIEW_FAILED) return { kind: 'error', message: (search.get('message') ?? '').slice(0, 200) || 'Your review could not be saved, please try again.' };
  return null;
}

/** The product page's address with an outcome, opened at the reviews. */
export function reviewOutcomeHref(productPath: string, outcome: NonNullable<ReviewOutcome>): string {
  const search = new URLSearchParams({ review: outcome.kind === 'done' ? REVIEW_SENT : outcome.kind === 'held' ? REVIEW_HELD : REVIEW_FAILED });
  if (outcome.kind === 'error') search.set('message', outcome.message);
  return `${productPath}?${search.toString()}#reviews`;
}

/** Where the review form posts without the app (the SSR server's route, server/review-post.ts). */
export function reviewPostPath(productId: string): string {
  return `/product/${encodeURIComponent(productId)}/review`;
}

/** The product id of a review form's POST path, or null for any other path. */
export function productIdOfReviewPost(pathname: string): string | null {
  const match = /^\/product\/([^/]+)\/review$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

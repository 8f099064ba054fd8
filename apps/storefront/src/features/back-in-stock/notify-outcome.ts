/**
 * "Notify me" sent as a plain form (without the app): the storefront's server (server/notify-post.ts) answers 303 back
 * to the product page with `?notify=sent`, and the page shows the same thanks the app shows. A refused form is drawn
 * again by the server with what was typed and the messages.
 */
export const NOTIFY_SENT = 'sent';

/** The anchor of the form on the product page. */
export const NOTIFY_ANCHOR = 'notify-me';

/** Whether the product page's URL says a sign-up was just kept. */
export function readNotifySent(search: URLSearchParams): boolean {
  return search.get('notify') === NOTIFY_SENT;
}

/** The product page after a kept sign-up, the chosen variant kept in its address. */
export function notifySentHref(productId: string, variantId: string | undefined): string {
  const search = new URLSearchParams();
  if (variantId && variantId !== productId) search.set('variant', variantId);
  search.set('notify', NOTIFY_SENT);
  return `/product/${encodeURIComponent(productId)}?${search.toString()}#${NOTIFY_ANCHOR}`;
}

/** Where the form posts without the app. */
export function notifyPostPath(productId: string): string {
  return `/product/${encodeURIComponent(productId)}/notify`;
}

/** The product id of a "Notify me" POST path, or null for any other path. */
export function productIdOfNotifyPost(pathname: string): string | null {
  const match = /^\/product\/([^/]+)\/notify$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The unsubscribe page of the back-in-stock mails (GET shows a confirmation, its form POSTs to the same path). */
export const UNSUBSCRIBE_PATH = '/back-in-stock/unsubscribe';

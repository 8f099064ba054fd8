import { ApiError, getControls, getFoundOrders, getOrder, getTrackedOrders } from '@shop/api-client';
import { ORDER_LINK_PARAM, type Order } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getVisitorId } from '../../lib/visitor-id';
import { deferred } from '../../lib/deferred';
import { serverContextOf } from '../server-context';
import { proofOutcomeOf } from './order-result-loaders';

/** Both lists in one, newest first, each order once (a code can find an order this browser placed). */
function merged(lists: Order[][]): Order[] {
  const byId = new Map<string, Order>();
  for (const order of lists.flat()) if (!byId.has(order._id)) byId.set(order._id, order);
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/**
 * /tracking: the orders of this browser's visitor id (created first when missing, spec section 7) and those a "Find my
 * orders" code opened here (issue 29), with the find form. On the storefront's server (a browser without scripts) the
 * visitor is its cookie's, the grant comes from the shop's cookie, and a form it was posted comes back with it.
 */
export function trackingLoader({ request, context }: LoaderFunctionArgs) {
  const server = serverContextOf(context);
  const signal = request.signal;
  const visitorId = server ? server.visitorId : getVisitorId();
  const mine = visitorId ? getTrackedOrders(visitorId, { signal }) : Promise.resolve([]);
  // A grant that failed to load shows the visitor's orders still; the form stays to ask again.
  const found = getFoundOrders({ signal, access: server?.orderAccess }).catch(() => [] as Order[]);
  return {
    orders: deferred(Promise.all([mine, found]).then(merged)),
    submission: server?.submission ?? null,
    // The shop's WhatsApp number for the page the server draws; in the browser the link reads it itself.
    whatsApp: server ? getControls({ signal }).then((list) => list[0]?.contactSettings.whatsapp || null, () => null) : undefined,
  };
}

/** What the order page shows: the order, or why its mail's link was refused (tampered or expired). */
export type TrackedOrderResult = { order: Order } | { refused: string };

/**
 * One order, with the visitor id so its owner sees the contact details, and the key of a mail's signed link (`?k=`,
 * issue 29) so any browser does.
 */
export function trackingOrderLoader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const server = serverContextOf(context);
  const link = new URL(request.url).searchParams.get(ORDER_LINK_PARAM) ?? undefined;
  const visitorId = server ? server.visitorId : getVisitorId();
  const result: Promise<TrackedOrderResult> = getOrder(id, { signal: request.signal, visitorId, link, access: server?.orderAccess }).then(
    (order) => ({ order }),
    (error: unknown) => {
      if (link && error instanceof ApiError && error.status === 403) return { refused: error.message };
      throw error;
    },
  );
  // Issue 29: the shopper's proof of transfer is posted with the same link key.
  return { id, link, proof: proofOutcomeOf(request.url, server), order: deferred(result) };
}

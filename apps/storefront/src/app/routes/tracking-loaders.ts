import { getOrder, getTrackedOrders } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getVisitorId } from '../../lib/visitor-id';
import { deferred } from '../../lib/deferred';

/** The visitor's own orders (the id is created first when missing, spec section 7). */
export function trackingLoader({ request }: LoaderFunctionArgs) {
  return { orders: deferred(getTrackedOrders(getVisitorId(), { signal: request.signal })) };
}

/** One order, with the visitor id so its owner sees the contact details. */
export function trackingOrderLoader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  return { id, order: deferred(getOrder(id, { signal: request.signal, visitorId: getVisitorId() })) };
}

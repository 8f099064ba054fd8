import type { Order } from '@shop/contracts';
import { getJson, visitorHeaders } from './api-client';

/** The visitor's own orders, newest first (`GET /api/orders/tracking/{userId}`). */
export function getTrackedOrders(visitorId: string, options: { signal?: AbortSignal } = {}): Promise<Order[]> {
  return getJson<Order[]>(`orders/tracking/${encodeURIComponent(visitorId)}`, { signal: options.signal, headers: visitorHeaders(visitorId) });
}

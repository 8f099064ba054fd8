import type { Order } from '@shop/contracts';
import { getJson, visitorHeaders } from './api-client';

export interface GetOrderOptions {
  signal?: AbortSignal;
  /** The visitor who placed it sees the contact details too. */
  visitorId?: string;
}

/** One order (`GET /api/orders/{id}`). */
export function getOrder(id: string, options: GetOrderOptions = {}): Promise<Order> {
  return getJson<Order>(`orders/${encodeURIComponent(id)}`, { signal: options.signal, headers: visitorHeaders(options.visitorId) });
}

import { ORDER_ACCESS_HEADER, ORDER_LINK_HEADER, type Order } from '@shop/contracts';
import { getJson, visitorHeaders } from './api-client';

export interface GetOrderOptions {
  signal?: AbortSignal;
  /** The visitor who placed it sees the contact details too. */
  visitorId?: string;
  /** The key (`?k=`) of the order's signed tracking link from a mail (issue 29): the order whole, in any browser. */
  link?: string;
  /** The grant of a "Find my orders" code, when the storefront's server asks (a browser sends its cookie itself). */
  access?: string;
}

/** One order (`GET /api/orders/{id}`); a tampered or expired link is a 403 saying so. */
export function getOrder(id: string, options: GetOrderOptions = {}): Promise<Order> {
  const headers = { ...visitorHeaders(options.visitorId), ...(options.link ? { [ORDER_LINK_HEADER]: options.link } : {}), ...(options.access ? { [ORDER_ACCESS_HEADER]: options.access } : {}) };
  return getJson<Order>(`orders/${encodeURIComponent(id)}`, { signal: options.signal, headers });
}

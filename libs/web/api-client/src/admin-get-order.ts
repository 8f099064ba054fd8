import type { Order } from '@shop/contracts';
import { getJson } from './api-client';

export interface AdminGetOrderOptions {
  signal?: AbortSignal;
}

/** One order with the customer's contact details (`GET /api/orders/{id}` in the admin's session). */
export function adminGetOrder(id: string, options: AdminGetOrderOptions = {}): Promise<Order> {
  return getJson<Order>(`orders/${encodeURIComponent(id)}`, { signal: options.signal });
}

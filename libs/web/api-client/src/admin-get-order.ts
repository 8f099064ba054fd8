import type { Order } from '@shop/contracts';
import { getJson } from './api-client';
import { adminHeaders } from './admin-auth';

export interface AdminGetOrderOptions {
  signal?: AbortSignal;
}

/** One order with the customer's contact details (`GET /api/orders/{id}` with the admin's token). */
export function adminGetOrder(id: string, token: string, options: AdminGetOrderOptions = {}): Promise<Order> {
  return getJson<Order>(`orders/${encodeURIComponent(id)}`, { signal: options.signal, headers: adminHeaders(token) });
}

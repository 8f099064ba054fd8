import type { Order } from '@shop/contracts';
import { sendJson, visitorHeaders } from './api-client';

/**
 * Confirms a pay-in-person order (`PUT /api/orders/paymentInPerson/{id}`, idempotent, never marks it paid); the
 * contact details come back only to the visitor who placed it.
 */
export function confirmInPersonOrder(orderId: string, visitorId: string | undefined): Promise<Order> {
  return sendJson<Order>('put', `orders/paymentInPerson/${encodeURIComponent(orderId)}`, { headers: visitorHeaders(visitorId) });
}

import type { Order } from '@shop/contracts';
import { sendJson } from './api-client';

/** Cancels an order not yet out for delivery (`POST /api/orders/{id}/cancel`, admin); answers the order as saved. */
export function adminCancelOrder(id: string, note?: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/cancel`, { json: note ? { note } : {} });
}

/** Records that a cancelled order's money was paid back (`POST /api/orders/{id}/refund`, admin). */
export function adminRecordRefund(id: string, note?: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/refund`, { json: note ? { note } : {} });
}

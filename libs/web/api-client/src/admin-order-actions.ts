import type { Order } from '@shop/contracts';
import { sendJson } from './api-client';

/** Cancels an order not yet out for delivery (`POST /api/orders/{id}/cancel`, admin); answers the order as saved. */
export function adminCancelOrder(id: string, note?: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/cancel`, { json: note ? { note } : {} });
}

/** Confirms an in-person order: its hold no longer ends (`POST /api/orders/{id}/confirm`, admin). */
export function adminConfirmOrder(id: string, note?: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/confirm`, { json: note ? { note } : {} });
}

/** Fulfils a paid order that was out of stock, once restocked (`POST /api/orders/{id}/fulfil`, admin). */
export function adminFulfilOrder(id: string, note?: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/fulfil`, { json: note ? { note } : {} });
}

/** Records that a cancelled order's money was paid back (`POST /api/orders/{id}/refund`, admin). */
export function adminRecordRefund(id: string, note?: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/refund`, { json: note ? { note } : {} });
}

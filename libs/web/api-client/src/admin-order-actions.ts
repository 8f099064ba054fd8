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

/** Archives a finished order: it leaves the lists, stays in the reports (`POST /api/orders/{id}/archive`, admin). */
export function adminArchiveOrder(id: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/archive`);
}

/** Restores an archived order to the lists (`POST /api/orders/{id}/restore`, admin). */
export function adminRestoreOrder(id: string): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/restore`);
}

import type { DeliveryStatus, Order } from '@shop/contracts';
import { sendJson } from './api-client';
import { adminHeaders } from './admin-auth';

/**
 * Moves an order to a delivery status (`PUT /api/orders/{id}`, admin); answers the order as saved.
 * isDelivered, deliveredAt and an in-person order's payment follow the status on the server.
 */
export function adminUpdateOrder(id: string, deliveryStatus: DeliveryStatus, token: string): Promise<Order> {
  return sendJson<Order>('put', `orders/${encodeURIComponent(id)}`, { json: { deliveryStatus }, headers: adminHeaders(token) });
}

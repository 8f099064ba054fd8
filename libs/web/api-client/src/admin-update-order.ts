import type { DeliveryStatus, Order } from '@shop/contracts';
import { sendJson } from './api-client';

/**
 * Moves an order to a delivery status (`PUT /api/orders/{id}`, admin); answers the order as saved.
 * isDelivered, deliveredAt and an in-person order's payment follow the status on the server.
 */
export function adminUpdateOrder(id: string, deliveryStatus: DeliveryStatus): Promise<Order> {
  return sendJson<Order>('put', `orders/${encodeURIComponent(id)}`, { json: { deliveryStatus } });
}

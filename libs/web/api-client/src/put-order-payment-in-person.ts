import type { Order } from '@shop/contracts';
import { sendJson } from './api-client';

/** Confirms a pay-in-person order (`PUT /api/orders/paymentInPerson/{id}`, idempotent, never marks it paid). */
export function confirmInPersonOrder(orderId: string): Promise<Order> {
  return sendJson<Order>('put', `orders/paymentInPerson/${encodeURIComponent(orderId)}`);
}

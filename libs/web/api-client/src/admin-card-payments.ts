import type { CardPaymentBody, Order } from '@shop/contracts';
import { getJson, sendJson } from './api-client';

/** Records a card payment WiPay took whose redirect never came (`POST /api/orders/{id}/card-payment`, admin). */
export function adminRecordCardPayment(id: string, payment: CardPaymentBody): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/card-payment`, { json: payment });
}

/** Card orders that expired unpaid within the last 7 days, to check against WiPay (`GET /api/orders/expired-card`, admin). */
export function adminGetExpiredCardOrders(options: { signal?: AbortSignal } = {}): Promise<Order[]> {
  return getJson<Order[]>('orders/expired-card', { signal: options.signal });
}

import type { PayOrderResponse } from '@shop/contracts';
import { sendJson } from './api-client';

/** Asks for the payment provider's hosted page for an unpaid card order (`POST /api/orders/pay`); answers `{ url }`. */
export function payOrder(orderId: string): Promise<PayOrderResponse> {
  return sendJson<PayOrderResponse>('post', 'orders/pay', { json: { orderId } });
}

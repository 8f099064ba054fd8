import type { PayOrderResponse } from '@shop/contracts';
import { sendJson, visitorHeaders } from './api-client';

/**
 * Asks for the payment provider's hosted page for an unpaid card order (`POST /api/orders/pay`); answers `{ url }`.
 * Only the visitor who placed the order may open it, so the visitor id goes with the call.
 */
export function payOrder(orderId: string, visitorId: string | undefined): Promise<PayOrderResponse> {
  return sendJson<PayOrderResponse>('post', 'orders/pay', { json: { orderId }, headers: visitorHeaders(visitorId) });
}

import type { OrderQuote } from '@shop/contracts';
import { sendJson, visitorHeaders } from './api-client';

/**
 * What the server would charge for the cart now (`POST /api/orders/quote`): one call for all lines. The visitor id
 * goes with it, so the gateway's quote and discount-code limits count per visitor as well as per address.
 */
export function quoteOrder(
  items: Array<{ product: string; variant?: string; qty: number }>,
  options: { signal?: AbortSignal; visitorId?: string; deliveryAreaId?: string; discountCode?: string; email?: string } = {},
): Promise<OrderQuote> {
  const { signal, visitorId, ...choices } = options;
  return sendJson<OrderQuote>('post', 'orders/quote', { json: { orderItems: items, ...choices }, signal, headers: visitorHeaders(visitorId) });
}

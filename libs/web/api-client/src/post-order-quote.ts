import type { OrderQuote } from '@shop/contracts';
import { sendJson } from './api-client';

/** What the server would charge for the cart now (`POST /api/orders/quote`): one call for all lines. */
export function quoteOrder(
  items: Array<{ product: string; qty: number }>,
  options: { signal?: AbortSignal; deliveryAreaId?: string; discountCode?: string; email?: string } = {},
): Promise<OrderQuote> {
  const { signal, ...choices } = options;
  return sendJson<OrderQuote>('post', 'orders/quote', { json: { orderItems: items, ...choices }, signal });
}

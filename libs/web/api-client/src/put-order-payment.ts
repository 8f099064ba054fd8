import type { Order, PaymentRedirectParams } from '@shop/contracts';
import { sendJson, visitorHeaders } from './api-client';

/**
 * Hands the provider's redirect parameters, untouched, to the server (`PUT /api/orders/payment/{id}`), which
 * verifies them; answers the order as the server now sees it (with its contact details for the visitor who placed it).
 */
export function putOrderPayment(orderId: string, params: PaymentRedirectParams, visitorId: string | undefined): Promise<Order> {
  return sendJson<Order>('put', `orders/payment/${encodeURIComponent(orderId)}`, { json: params, headers: visitorHeaders(visitorId) });
}

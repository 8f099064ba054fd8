import { ORDER_ACCESS_HEADER, type Order } from '@shop/contracts';
import type { OrderCodeInput, OrderLookupInput } from '@shop/rules';
import { getJson, sendJson } from './api-client';

/** "Find my orders" (issue 29): mails a code to the mailbox on the contact's orders (`POST /api/order-lookup`); the same answer for any contact. */
export function requestOrderCode(input: OrderLookupInput): Promise<{ message: string }> {
  return sendJson<{ message: string }>('post', 'order-lookup', { json: input });
}

/** Checks the code (`POST /api/order-lookup/code`): right, the browser gets the grant as an HttpOnly cookie. */
export function checkOrderCode(input: OrderCodeInput): Promise<{ message: string; expiresAt: string }> {
  return sendJson<{ message: string; expiresAt: string }>('post', 'order-lookup/code', { json: input });
}

/**
 * The orders a code found (`GET /api/order-lookup/orders`), none when this browser has no grant. The storefront's
 * server passes the grant from its cookie; a browser sends the cookie itself.
 */
export function getFoundOrders(options: { signal?: AbortSignal; access?: string } = {}): Promise<Order[]> {
  return getJson<Order[]>('order-lookup/orders', { signal: options.signal, headers: options.access ? { [ORDER_ACCESS_HEADER]: options.access } : {} });
}

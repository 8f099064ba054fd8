import { getBlob, visitorHeaders } from './api-client';

export interface GetOrderReceiptOptions {
  signal?: AbortSignal;
  /** The visitor who placed the order; the admin app sends none (its session cookie counts). */
  visitorId?: string;
}

/** A confirmed order's receipt PDF (`GET /api/orders/{id}/receipt`): only its visitor or an admin may have it. */
export function getOrderReceipt(id: string, options: GetOrderReceiptOptions = {}): Promise<Blob> {
  return getBlob(`orders/${encodeURIComponent(id)}/receipt`, { signal: options.signal, headers: visitorHeaders(options.visitorId) });
}

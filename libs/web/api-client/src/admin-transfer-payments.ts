import type { Order, TransferPaymentBody } from '@shop/contracts';
import { DEFAULT_PREFIX_URL, sendJson } from './api-client';

/** Marks a bank-transfer order paid with what the bank shows (`POST /api/orders/{id}/transfer-payment`, admin; issue 29). */
export function adminRecordTransferPayment(id: string, payment: TransferPaymentBody): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/transfer-payment`, { json: payment });
}

/**
 * Where the owner's browser opens a shopper's proof of transfer (`GET /api/orders/{id}/transfer-proofs/{proofId}`,
 * admin only, in the session; issue 29): a photo shown by an `<img>`, a PDF downloaded by a link.
 */
export function adminTransferProofUrl(orderId: string, proofId: string, prefixUrl = DEFAULT_PREFIX_URL): string {
  return `${prefixUrl.replace(/\/$/, '')}/orders/${encodeURIComponent(orderId)}/transfer-proofs/${encodeURIComponent(proofId)}`;
}

import type { Order, TransferPaymentBody } from '@shop/contracts';
import { getBlob, sendJson } from './api-client';

/** Marks a bank-transfer order paid with what the bank shows (`POST /api/orders/{id}/transfer-payment`, admin; issue 29). */
export function adminRecordTransferPayment(id: string, payment: TransferPaymentBody): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/transfer-payment`, { json: payment });
}

/** A shopper's proof of transfer (`GET /api/orders/{id}/transfer-proofs/{proofId}`, admin; issue 29): a photo or a PDF. */
export function adminGetTransferProof(orderId: string, proofId: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  return getBlob(`orders/${encodeURIComponent(orderId)}/transfer-proofs/${encodeURIComponent(proofId)}`, options);
}

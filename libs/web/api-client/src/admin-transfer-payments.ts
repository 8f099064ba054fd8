import type { Order, TransferPaymentBody } from '@shop/contracts';
import { sendJson } from './api-client';

/** Marks a bank-transfer order paid with what the bank shows (`POST /api/orders/{id}/transfer-payment`, admin; issue 29). */
export function adminRecordTransferPayment(id: string, payment: TransferPaymentBody): Promise<Order> {
  return sendJson<Order>('post', `orders/${encodeURIComponent(id)}/transfer-payment`, { json: payment });
}

import type { PaymentMode } from '@shop/contracts';
import { getJson } from './api-client';

/** Whether card payments are real; `testPayments` is true for a staging shop (`GET /api/payments/mode`). */
export function getPaymentMode(options: { signal?: AbortSignal } = {}): Promise<PaymentMode> {
  return getJson<PaymentMode>('payments/mode', { signal: options.signal });
}

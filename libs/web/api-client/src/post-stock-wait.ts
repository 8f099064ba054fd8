import type { StockWaitAnswer } from '@shop/contracts';
import { sendJson } from './api-client';

/** The "Notify me" form's fields as typed: one of `email` or `whatsapp`, the consent tick, and the variant when chosen. */
export interface StockWaitForm {
  variant?: string;
  email?: string;
  whatsapp?: string;
  consent: boolean | 'on';
}

/** Waits for a sold-out product or variant (`POST /api/products/{id}/stock-waits`); answers the shop's message. */
export function createStockWait(productId: string, form: StockWaitForm): Promise<StockWaitAnswer> {
  return sendJson<StockWaitAnswer>('post', `products/${encodeURIComponent(productId)}/stock-waits`, { json: form });
}

import type { LowStockList } from '@shop/contracts';
import { getJson } from './api-client';

/** Products on sale with 1 to the low-stock threshold left, and the threshold (`GET /api/products/low-stock`, admin). */
export function adminGetLowStock(options: { signal?: AbortSignal } = {}): Promise<LowStockList> {
  return getJson<LowStockList>('products/low-stock', { signal: options.signal });
}

import type { ProductSummary } from '@shop/contracts';
import { getJson } from './api-client';

export interface AdminGetRestockOptions {
  signal?: AbortSignal;
  /** Search text: matches name, price, description, promotext and type. */
  q?: string;
}

/** Products with stock below 1 (`GET /api/products/restock?q=`, admin). */
export function adminGetRestock(options: AdminGetRestockOptions = {}): Promise<ProductSummary[]> {
  const q = options.q?.trim();
  return getJson<ProductSummary[]>('products/restock', {
    signal: options.signal,
    searchParams: q ? { q } : undefined,
  });
}

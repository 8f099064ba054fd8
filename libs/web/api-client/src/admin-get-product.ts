import type { Product } from '@shop/contracts';
import { getJson } from './api-client';

export interface AdminGetProductOptions {
  signal?: AbortSignal;
}

/** One product, hidden or not, for the owner's edit screen (`GET /api/admin/products/{id}`, admin, issue 26). */
export function adminGetProduct(id: string, options: AdminGetProductOptions = {}): Promise<Product> {
  return getJson<Product>(`admin/products/${encodeURIComponent(id)}`, { signal: options.signal });
}

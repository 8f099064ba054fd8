import { getJson } from './api-client';

export interface GetProductTypesOptions {
  signal?: AbortSignal;
}

/** The product types found among products on sale (`GET /api/products/types`). */
export function getProductTypes(options: GetProductTypesOptions = {}): Promise<string[]> {
  return getJson<string[]>('products/types', { signal: options.signal });
}

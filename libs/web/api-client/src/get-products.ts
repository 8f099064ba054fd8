import type { ProductSummary } from '@shop/contracts';
import { getJson } from './api-client';

export interface GetProductsOptions {
  signal?: AbortSignal;
}

/** Every product on sale, newest first (`GET /api/products`). */
export function getProducts(options: GetProductsOptions = {}): Promise<ProductSummary[]> {
  return getJson<ProductSummary[]>('products', { signal: options.signal });
}

import type { Product } from '@shop/contracts';
import { getJson, visitorHeaders } from './api-client';

export interface GetProductOptions {
  signal?: AbortSignal;
  /** The asking visitor: their own reviews come back marked `mine: true`. */
  visitorId?: string;
}

/** One product with its reviews (`GET /api/products/{id}`); an unknown id fails with a 404 `ApiError`. */
export function getProduct(id: string, options: GetProductOptions = {}): Promise<Product> {
  return getJson<Product>(`products/${encodeURIComponent(id)}`, {
    signal: options.signal,
    headers: visitorHeaders(options.visitorId),
  });
}

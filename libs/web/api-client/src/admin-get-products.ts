import type { AdminProductPage } from '@shop/contracts';
import type { AdminProductQuery } from '@shop/rules';
import { getJson } from './api-client';

export interface AdminGetProductsOptions {
  signal?: AbortSignal;
}

/**
 * One page of the owner's products, hidden ones included (`GET /api/admin/products?q&type&stock&visibility&sort&page&pageSize`,
 * admin, issue 26); unset parameters are the server's defaults.
 */
export function adminGetProducts(query: AdminProductQuery, options: AdminGetProductsOptions = {}): Promise<AdminProductPage> {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') searchParams[key] = String(value);
  }
  return getJson<AdminProductPage>('admin/products', { signal: options.signal, searchParams });
}

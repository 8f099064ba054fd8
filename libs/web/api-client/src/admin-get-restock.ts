import type { RestockListItem } from '@shop/contracts';
import { getJson } from './api-client';

export interface AdminGetRestockOptions {
  signal?: AbortSignal;
  /** Search text: matches name, price, description, promotext and type. */
  q?: string;
  /** Also the products at or below the shop's low-stock threshold, fewest first (the restock screen). */
  withLowStock?: boolean;
}

/** Products with stock below 1 (each with how many shoppers wait for it, issue 28), or with `withLowStock` also those running low (`GET /api/products/restock?q=&include=low-stock`, admin). */
export function adminGetRestock(options: AdminGetRestockOptions = {}): Promise<RestockListItem[]> {
  const q = options.q?.trim();
  const searchParams: Record<string, string> = {};
  if (q) searchParams.q = q;
  if (options.withLowStock) searchParams.include = 'low-stock';
  return getJson<RestockListItem[]>('products/restock', {
    signal: options.signal,
    searchParams: Object.keys(searchParams).length ? searchParams : undefined,
  });
}

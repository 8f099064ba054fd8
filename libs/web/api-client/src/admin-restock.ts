import type { RestockResponse, StockMovement } from '@shop/contracts';
import type { RestockInput } from '@shop/rules';
import { getJson, sendJson } from './api-client';

/** Adds stock to a product, recorded in its inventory history (`POST /api/products/{id}/restock`, admin). */
export function adminRestock(id: string, input: RestockInput): Promise<RestockResponse> {
  return sendJson<RestockResponse>('post', `products/${encodeURIComponent(id)}/restock`, { json: input });
}

/** A product's inventory history, newest first (`GET /api/products/{id}/stock-movements`, admin). */
export function adminGetStockMovements(id: string, options: { signal?: AbortSignal } = {}): Promise<StockMovement[]> {
  return getJson<StockMovement[]>(`products/${encodeURIComponent(id)}/stock-movements`, { signal: options.signal });
}

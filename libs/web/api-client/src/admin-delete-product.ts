import { sendJson } from './api-client';

/** Deletes a product (`DELETE /api/products/{id}`, admin); answers `{ message }`. */
export function adminDeleteProduct(id: string): Promise<{ message: string }> {
  return sendJson<{ message: string }>('delete', `products/${encodeURIComponent(id)}`);
}

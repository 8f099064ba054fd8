import { sendJson } from './api-client';
import { adminHeaders } from './admin-auth';

/** Deletes a product (`DELETE /api/products/{id}`, admin); answers `{ message }`. */
export function adminDeleteProduct(id: string, token: string): Promise<{ message: string }> {
  return sendJson<{ message: string }>('delete', `products/${encodeURIComponent(id)}`, { headers: adminHeaders(token) });
}

import { sendJson } from './api-client';

/** Deletes an order (`DELETE /api/orders/{id}`, admin); stock an undelivered order held goes back. Answers `{ message }`. */
export function adminDeleteOrder(id: string): Promise<{ message: string }> {
  return sendJson<{ message: string }>('delete', `orders/${encodeURIComponent(id)}`);
}

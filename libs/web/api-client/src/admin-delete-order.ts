import { sendJson } from './api-client';

/** Deletes an unpaid order that holds no stock for good (`DELETE /api/orders/{id}`, admin; any other order: 409). Answers `{ message }`. */
export function adminDeleteOrder(id: string): Promise<{ message: string }> {
  return sendJson<{ message: string }>('delete', `orders/${encodeURIComponent(id)}`);
}

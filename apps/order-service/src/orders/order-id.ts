import { createHash } from 'node:crypto';

/** The order id an idempotency key names for one visitor: a retry with the same key reserves and writes under the same id. */
export function orderIdForKey(visitorId: string, idempotencyKey: string): string {
  return uuidFrom(`${visitorId}\n${idempotencyKey}`);
}

/** A UUID (v4 layout) derived from a string, so that one idempotency key always names one order. */
function uuidFrom(value: string): string {
  const h = createHash('sha256').update(value).digest();
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

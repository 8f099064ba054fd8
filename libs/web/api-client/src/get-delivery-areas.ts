import type { DeliveryArea } from '@shop/contracts';
import { getJson } from './api-client';

/** The delivery areas a shopper can pick (`GET /api/delivery-areas`), the default first. */
export function getDeliveryAreas(options: { signal?: AbortSignal } = {}): Promise<DeliveryArea[]> {
  return getJson<DeliveryArea[]>('delivery-areas', { signal: options.signal });
}

import type { DeliveryArea } from '@shop/contracts';
import type { DeliveryAreaInput } from '@shop/rules';
import { getJson, sendJson } from './api-client';

/** Every delivery area, switched-off ones included (`GET /api/delivery-areas/all`, admin). */
export function adminGetDeliveryAreas(options: { signal?: AbortSignal } = {}): Promise<DeliveryArea[]> {
  return getJson<DeliveryArea[]>('delivery-areas/all', { signal: options.signal });
}

export function adminCreateDeliveryArea(area: DeliveryAreaInput): Promise<DeliveryArea> {
  return sendJson<DeliveryArea>('post', 'delivery-areas', { json: area });
}

export function adminUpdateDeliveryArea(id: string, area: DeliveryAreaInput): Promise<DeliveryArea> {
  return sendJson<DeliveryArea>('put', `delivery-areas/${encodeURIComponent(id)}`, { json: area });
}

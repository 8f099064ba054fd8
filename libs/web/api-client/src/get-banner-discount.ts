import type { BannerDiscount } from '@shop/contracts';
import { getJson } from './api-client';

/** The code the home banner names, if one is live (`GET /api/discount-codes/banner`). */
export function getBannerDiscount(options: { signal?: AbortSignal } = {}): Promise<BannerDiscount> {
  return getJson<BannerDiscount>('discount-codes/banner', { signal: options.signal });
}

import type { SiteSettings } from '@shop/contracts';
import { getJson } from './api-client';

/** The site settings list (`GET /api/controls`); the first record is the one in force. */
export function getControls(options: { signal?: AbortSignal } = {}): Promise<SiteSettings[]> {
  return getJson<SiteSettings[]>('controls', { signal: options.signal });
}

import type { SiteSettings } from '@shop/contracts';
import type { SiteSettingsInput } from '@shop/rules';
import { sendJson } from './api-client';

/** Replaces the site settings with the whole record given (`PUT /api/controls/{_id}`, admin). */
export function adminUpdateControls(id: string, settings: SiteSettingsInput): Promise<SiteSettings> {
  return sendJson<SiteSettings>('put', `controls/${encodeURIComponent(id)}`, { json: settings });
}

import type { SiteSettings } from '@shop/contracts';
import type { SiteSettingsPatch } from '@shop/rules';
import { sendJson } from './api-client';

/** Replaces only the sections given, each whole (`PATCH /api/controls/{_id}`, admin; issue 26). */
export function adminPatchControls(id: string, sections: SiteSettingsPatch): Promise<SiteSettings> {
  return sendJson<SiteSettings>('patch', `controls/${encodeURIComponent(id)}`, { json: sections });
}

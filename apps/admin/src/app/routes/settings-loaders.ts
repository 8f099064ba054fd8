import { adminGetDeliveryAreas, getControls } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/** The settings record in force: the first of the list (spec section 3). Also read fresh by a save. */
export async function readSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  const [first] = await getControls({ signal });
  if (!first) throw new Error('No site settings record');
  return first;
}

/** Site Settings: the settings record and the delivery areas, each shown (or failing) on its own. */
export function settingsLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { settings: readSiteSettings(request.signal), areas: adminGetDeliveryAreas({ signal: request.signal }) };
}

/** Media: the gallery's lists live in the settings record. */
export function mediaLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { settings: readSiteSettings(request.signal) };
}

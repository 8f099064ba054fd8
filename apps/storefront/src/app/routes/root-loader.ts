import type { SiteSettings } from '@shop/contracts';
import { getControls } from '@shop/api-client';
import type { LayoutInfo, RootData } from '../../components/layout/layout-info';
import { deferred } from '../../lib/deferred';

function toLayoutInfo(settings: SiteSettings | undefined): LayoutInfo | null {
  if (!settings) return null;
  const { facebook, instagram, whatsapp } = settings.contactSettings;
  const { photos, videos } = settings.mediaSettings;
  return { facebook, instagram, whatsapp, ...settings.shopSettings, hasMedia: photos.length + videos.length > 0 };
}

/**
 * The frame's details (social links, hours, pick-up address, whether Media has anything), for every page. Only
 * these fields travel in the page, not the whole settings record; without settings the frame leaves them out.
 */
export function rootLoader(): RootData {
  return {
    layout: deferred(
      getControls()
        .then((list) => toLayoutInfo(list[0]))
        .catch(() => null),
    ),
  };
}

/** Read once per page load: the frame's details change rarely, and every screen change would ask again. */
export const shouldRevalidateRoot = () => false;

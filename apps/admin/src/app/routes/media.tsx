import { adminPatchControls, ApiError } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import { firstIssueMessage, SiteSettingsPatchSchema } from '@shop/rules';
import { toast } from '@shop/web-ui';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { ImagesSection } from '../../features/media/components/images-section';
import { VideosSection } from '../../features/media/components/videos-section';
import { type mediaLoader, readSiteSettings } from './settings-loaders';
import { useFollowingState } from '../../lib/use-following-state';
import { Deferred } from '../../components/ui/deferred';
import './media.css';

/**
 * Each list is saved on its own: only the media section is sent (PATCH), with the other list read fresh, so saving
 * one never undoes a change made meanwhile on the settings screen or to the other list. What the save answered
 * shows at once; the screen then revalidates.
 */
function MediaLists({ loaded }: { loaded: SiteSettings }) {
  const revalidator = useRevalidator();
  const [settings, setSettings] = useFollowingState(loaded);

  async function saveList(list: 'photos' | 'videos', items: string[]): Promise<void> {
    const current = await readSiteSettings();
    const parsed = SiteSettingsPatchSchema.safeParse({ mediaSettings: { ...current.mediaSettings, [list]: items } });
    // The gateway's own rules, run here first: the refusal is the 400 it would answer, without the round trip.
    if (!parsed.success) throw new ApiError(firstIssueMessage(parsed.error), 400);
    const saved = await adminPatchControls(current._id, parsed.data);
    setSettings(saved);
    toast('Settings saved successfully');
    void revalidator.revalidate();
  }

  return (
    <div className="media-screen">
      <ImagesSection saved={settings.mediaSettings.photos} onSave={(photos) => saveList('photos', photos)} />
      <VideosSection saved={settings.mediaSettings.videos} onSave={(videos) => saveList('videos', videos)} />
    </div>
  );
}

/** Admin media (spec section 2): the storefront gallery's images and videos, kept in the site settings. */
export function MediaRoute() {
  const { settings } = useLoaderData<typeof mediaLoader>();
  return (
    <>
      <title>Media | Island Glow Admin</title>
      <h1 className="page-title">Media</h1>
      <Deferred resolve={settings} placeholder={<Spinner />}>
        {(loaded) => <MediaLists loaded={loaded} />}
      </Deferred>
    </>
  );
}

import { adminUpdateControls, ApiError, getControls, isAbortError } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import { firstIssueMessage, SiteSettingsInputSchema } from '@shop/rules';
import { useEffect, useState } from 'react';
import { ErrorPanel } from '@shop/web-ui';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { ImagesSection } from '../../features/media/components/images-section';
import { VideosSection } from '../../features/media/components/videos-section';
import { withAdminSession } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import './media.css';

type LoadState = { status: 'loading' } | { status: 'ready'; settings: SiteSettings } | { status: 'failed'; message: string };

async function loadSettings(signal?: AbortSignal): Promise<SiteSettings> {
  const [first] = await getControls({ signal });
  if (!first) throw new Error('No site settings record');
  return first;
}

/**
 * Admin media (spec section 2): the storefront gallery's images and videos, kept in the site settings.
 * Each list is saved on its own: the record is read fresh and only that list replaced, so saving one never
 * undoes a change made meanwhile on the settings screen or to the other list.
 */
export function MediaRoute() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    loadSettings(controller.signal).then(
      (settings) => setState({ status: 'ready', settings }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [reload]);

  async function saveList(list: 'photos' | 'videos', items: string[]): Promise<void> {
    const current = await loadSettings();
    const parsed = SiteSettingsInputSchema.safeParse({ ...current, mediaSettings: { ...current.mediaSettings, [list]: items } });
    // The gateway's own rules, run here first: the refusal is the 400 it would answer, without the round trip.
    if (!parsed.success) throw new ApiError(firstIssueMessage(parsed.error), 400);
    const saved = await withAdminSession(() => adminUpdateControls(current._id, parsed.data));
    setState({ status: 'ready', settings: saved });
    toast('Settings saved successfully');
  }

  return (
    <>
      <title>Media | Island Glow Admin</title>
      <h1 className="page-title">Media</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'failed' && (
        <ErrorPanel
          message={state.message}
          onRetry={() => {
            setState({ status: 'loading' });
            setReload((n) => n + 1);
          }}
        />
      )}
      {state.status === 'ready' && (
        <div className="media-screen">
          <ImagesSection
            saved={state.settings.mediaSettings.photos}
            onSave={(photos) => saveList('photos', photos)}
          />
          <VideosSection
            saved={state.settings.mediaSettings.videos}
            onSave={(videos) => saveList('videos', videos)}
          />
        </div>
      )}
    </>
  );
}

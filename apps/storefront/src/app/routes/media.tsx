import { errorMessage } from '@shop/api-client';
import type { SiteSettings } from '@shop/contracts';
import { Suspense } from 'react';
import { Await, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { MediaGallery } from '../../features/media/components/media-gallery';
import type { controlsLoader } from './controls-loader';

function MediaError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

export function MediaRoute() {
  const { settings } = useLoaderData<typeof controlsLoader>();
  return (
    <div className="container page-section">
      <title>Media | Island Glow</title>
      <h1 className="section-heading__title">Media</h1>
      <Suspense
        fallback={
          <p role="status" className="media-loading">
            Loading the gallery…
          </p>
        }
      >
        <Await resolve={settings} errorElement={<MediaError />}>
          {(loaded: SiteSettings | null) => (
            <MediaGallery photos={loaded?.mediaSettings.photos ?? []} videos={loaded?.mediaSettings.videos ?? []} />
          )}
        </Await>
      </Suspense>
    </div>
  );
}

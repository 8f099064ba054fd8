import { errorMessage } from '@shop/api-client';
import { useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { AwaitWithStatus } from '../../components/ui/await-with-status';
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
      <AwaitWithStatus resolve={settings} loading="Loading the gallery…" loadingClassName="media-loading" errorElement={<MediaError />}>
        {(loaded) => <MediaGallery photos={loaded?.mediaSettings.photos ?? []} videos={loaded?.mediaSettings.videos ?? []} />}
      </AwaitWithStatus>
    </div>
  );
}

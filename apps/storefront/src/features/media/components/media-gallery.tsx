import { parseYouTubeId } from '@shop/rules';
import { type ReactNode, useState } from 'react';
import { Lightbox } from '../../../components/ui/lightbox';
import { IMAGE_SIZES, ShopImage } from '../../../components/ui/shop-image';
import './media-gallery.css';

type Open = { kind: 'photo'; index: number } | { kind: 'video'; id: string } | null;

interface MediaGalleryProps {
  photos: string[];
  videos: string[];
}

/** One of the gallery's named sections, or the line saying it has nothing yet. */
function MediaSection({ headingId, title, empty, children }: { headingId: string; title: 'Images' | 'Videos'; empty: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="media-section">
      <h2 id={headingId} className="media-section__title">
        {title}
      </h2>
      {empty ? <p>{`No ${title.toLowerCase()} yet.`}</p> : children}
    </section>
  );
}

/** 'Images' and 'Videos' (spec section 2): each opens in a lightbox; videos embed at 1280x720. */
export function MediaGallery({ photos, videos }: MediaGalleryProps) {
  const [open, setOpen] = useState<Open>(null);
  const videoIds = videos.map(parseYouTubeId).filter((id): id is string => Boolean(id));

  return (
    <>
      <MediaSection headingId="images-title" title="Images" empty={photos.length === 0}>
        <ul className="media-grid">
          {photos.map((photo, index) => (
            <li key={`${photo}-${index}`}>
              <button type="button" className="media-grid__item" onClick={() => setOpen({ kind: 'photo', index })}>
                <ShopImage
                  src={photo}
                  sizes={IMAGE_SIZES.mediaGrid}
                  alt={`Photo ${index + 1}`}
                  width={400}
                  height={400}
                  loading={index < 4 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      </MediaSection>
      <MediaSection headingId="videos-title" title="Videos" empty={videoIds.length === 0}>
        <ul className="media-grid media-grid--videos">
          {videoIds.map((id, index) => (
            <li key={`${id}-${index}`}>
              <button type="button" className="media-grid__item media-grid__item--video" onClick={() => setOpen({ kind: 'video', id })}>
                <img
                  src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`}
                  alt={`Play video ${index + 1}`}
                  width={480}
                  height={360}
                  loading="lazy"
                  decoding="async"
                />
                <span className="media-grid__play" aria-hidden="true">
                  ▶
                </span>
              </button>
            </li>
          ))}
        </ul>
      </MediaSection>
      {open?.kind === 'photo' && (
        <Lightbox label={`Photo ${open.index + 1} of ${photos.length}`} onClose={() => setOpen(null)}>
          <ShopImage src={photos[open.index]} sizes={IMAGE_SIZES.lightbox} alt={`Photo ${open.index + 1}`} width={1280} height={1280} />
        </Lightbox>
      )}
      {open?.kind === 'video' && (
        <Lightbox label="Video" onClose={() => setOpen(null)}>
          <div className="lightbox__video">
            <iframe
              title="YouTube video"
              src={`https://www.youtube-nocookie.com/embed/${open.id}?autoplay=1`}
              width={1280}
              height={720}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
            />
          </div>
        </Lightbox>
      )}
    </>
  );
}

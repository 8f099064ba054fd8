import { adminUploadImage, errorMessage } from '@shop/api-client';
import { useId, useRef, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { env } from '../../../config/env';
import { FilePicker } from '../../../components/ui/file-picker';
import { type SectionResult, SectionFeedback } from './section-feedback';
import { MediaSection } from './media-section';

interface ImagesSectionProps {
  /** The photos as saved on the server. */
  saved: string[];
  /** Saves the whole list (at once, after each upload or removal); rejects with the reason when it is not saved. */
  onSave: (photos: string[]) => Promise<void>;
}

/**
 * The gallery's images: removable thumbnails and an upload control. Each upload and each removal is saved at once
 * (issue 26: an upload used to wait for a separate 'Save Images' and was easily lost); a save that fails says so and
 * offers to try again.
 */
export function ImagesSection({ saved, onSave }: ImagesSectionProps) {
  const id = useId();
  const [photos, setPhotosState] = useState(saved);
  // The list as it stands, for saves made one after another within one pick of several files.
  const latest = useRef(saved);
  const setPhotos = (next: string[]) => {
    latest.current = next;
    setPhotosState(next);
  };
  const [progress, setProgress] = useState<{ file: number; of: number; fraction: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** The names of the files the last pick uploaded, said beside the button. */
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [result, setResult] = useState<SectionResult>({ status: 'idle' });
  const dirty = photos.length !== saved.length || photos.some((p, i) => p !== saved[i]);

  async function upload(files: File[]) {
    setUploadError(null);
    setUploaded([]);
    // One at a time, so the progress bar means one file and a failure names the file it stopped at.
    for (const [index, file] of files.entries()) {
      setProgress({ file: index + 1, of: files.length, fraction: 0 });
      let url: string;
      try {
        url = (await adminUploadImage(file, { prefixUrl: env.apiUrl, onProgress: (fraction) => setProgress({ file: index + 1, of: files.length, fraction }) })).url;
      } catch (caught) {
        setUploadError(`${file.name}: ${errorMessage(caught)}`);
        break;
      }
      setPhotos([...latest.current, url]);
      setUploaded((names) => [...names, file.name]);
      if (!(await save(latest.current))) break;
    }
    setProgress(null);
  }

  /** Saves the list; answers whether it was saved. */
  async function save(list: string[]): Promise<boolean> {
    setResult({ status: 'saving' });
    try {
      await onSave(list);
      setResult({ status: 'saved', text: `Images saved: ${list.length} in the gallery.` });
      return true;
    } catch (caught) {
      setResult({ status: 'failed', message: errorMessage(caught) });
      return false;
    }
  }

  function remove(index: number) {
    const next = latest.current.filter((_, i) => i !== index);
    setPhotos(next);
    void save(next);
  }

  const thumbs = photos.map((photo, index) => (
    <li key={`${photo}-${index}`} className="media-thumbs__item">
      <img src={photo} alt={`Image ${index + 1}`} width={160} height={160} loading="lazy" />
      <button
        type="button"
        className="media-thumbs__remove"
        aria-label={`Remove image ${index + 1}`}
        disabled={result.status === 'saving' || progress !== null}
        onClick={() => remove(index)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  ));

  return (
    <MediaSection title="Images" empty="No images yet." listClassName="media-thumbs" items={thumbs}>
      <div className="media-upload">
        <FilePicker
          label="Upload images"
          multiple
          status={progress ? 'Uploading…' : uploaded.length > 0 ? `Uploaded ${uploaded.join(', ')}` : 'JPEG, PNG or WebP; several at once'}
          disabled={progress !== null}
          errorId={uploadError ? `${id}-upload-error` : undefined}
          onFiles={(files) => void upload(files)}
        />
        {progress && (
          <progress className="media-upload__progress" max={1} value={progress.fraction} aria-label={`Uploading image ${progress.file} of ${progress.of}`}>
            {Math.round(progress.fraction * 100)}%
          </progress>
        )}
        <FormAlert id={`${id}-upload-error`} message={uploadError} />
      </div>
      <div className="media-section__actions">
        {/* Only after a save failed: everything else is saved as it happens. */}
        {result.status === 'failed' && dirty && (
          <button type="button" className="button" disabled={progress !== null} onClick={() => void save(latest.current)}>
            Try saving again
          </button>
        )}
        <SectionFeedback result={result} dirty={dirty && result.status !== 'saving' && result.status !== 'failed'} />
      </div>
    </MediaSection>
  );
}

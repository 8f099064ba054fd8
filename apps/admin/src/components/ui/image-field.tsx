import { adminUploadImage, errorMessage } from '@shop/api-client';
import { useId, useState } from 'react';
import { FormAlert } from './form-alert';
import { env } from '../../config/env';
import { FilePicker } from './file-picker';
import { errorAria } from './field';
import './image-field.css';

interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  required?: boolean;
  /**
   * Also takes the storefront's own pictures by path (`/images/Model1.png`, the default banners): the
   * address is then free text. The admin's host serves /images/ from the storefront (the edge proxy in
   * production, Vite's proxy locally), so the preview shows the picture itself.
   */
  storefrontPaths?: boolean;
}

/** One image: a pasted URL, or a file uploaded to the shop's storage, with a preview and the upload's progress. */
export function ImageField({ label, value, onChange, error, required, storefrontPaths }: ImageFieldProps) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** The file whose upload the address now holds; gone once the address is typed over. */
  const [uploaded, setUploaded] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      const stored = await adminUploadImage(file, { prefixUrl: env.apiUrl, onProgress: setProgress });
      onChange(stored.url);
      setUploaded(file.name);
    } catch (caught) {
      setUploadError(errorMessage(caught));
    } finally {
      setProgress(null);
    }
  }

  const shownError = uploadError ?? error;
  return (
    <fieldset className="image-field">
      <legend className="field__label">
        {label}
        {required ? ' (required)' : ''}
      </legend>
      <div className="image-field__body">
        <div className="image-field__preview">
          {value ? <img src={value} alt={`${label} preview`} width={96} height={96} /> : <span aria-hidden="true">No image</span>}
        </div>
        <div className="image-field__inputs">
          <label className="field__label" htmlFor={`${id}-url`}>
            {label} URL
          </label>
          <input
            id={`${id}-url`}
            className="field__input"
            type={storefrontPaths ? 'text' : 'url'}
            inputMode="url"
            required={required}
            placeholder={storefrontPaths ? 'https://… or /images/…' : 'https://…'}
            value={value}
            {...errorAria(`${id}-error`, shownError)}
            onChange={(e) => {
              onChange(e.target.value);
              setUploaded(null);
            }}
          />
          <FilePicker
            label={`Upload ${label}`}
            status={progress !== null ? 'Uploading…' : uploaded ? `Uploaded ${uploaded}` : 'JPEG, PNG or WebP'}
            disabled={progress !== null}
            errorId={shownError ? `${id}-error` : undefined}
            onFiles={(files) => void upload(files[0])}
          />
          {progress !== null && (
            <progress className="image-field__progress" max={1} value={progress} aria-label={`Uploading ${label}`}>
              {Math.round(progress * 100)}%
            </progress>
          )}
          <FormAlert id={`${id}-error`} message={shownError} />
        </div>
      </div>
    </fieldset>
  );
}

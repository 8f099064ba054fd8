import { adminUploadImage } from '@shop/api-client';
import { useId, useState } from 'react';
import { env } from '../../config/env';
import { withAdminToken } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
import './image-field.css';

interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  required?: boolean;
  /**
   * Also takes the storefront's own pictures by path (`/images/Model1.png`, the default banners): the
   * address is then free text, and the preview names the picture instead of showing it (it lives on the
   * storefront's host, whose address a test or staging build may not know).
   */
  storefrontPaths?: boolean;
}

/** The storefront's own pictures live on the shop's host, not the admin's. */
const STOREFRONT_PICTURE = /^\/images\//;

/** One image: a pasted URL, or a file uploaded to the shop's storage, with a preview and the upload's progress. */
export function ImageField({ label, value, onChange, error, required, storefrontPaths }: ImageFieldProps) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      const uploaded = await withAdminToken((token) => adminUploadImage(file, token, { prefixUrl: env.apiUrl, onProgress: setProgress }));
      onChange(uploaded.url);
    } catch (caught) {
      setUploadError(errorMessage(caught));
    } finally {
      setProgress(null);
    }
  }

  const shownError = uploadError ?? error;
  const storefrontPicture = storefrontPaths && STOREFRONT_PICTURE.test(value);
  return (
    <fieldset className="image-field">
      <legend className="field__label">
        {label}
        {required ? ' (required)' : ''}
      </legend>
      <div className="image-field__body">
        <div className="image-field__preview">
          {!value ? (
            <span aria-hidden="true">No image</span>
          ) : storefrontPicture ? (
            <span>Storefront picture</span>
          ) : (
            <img src={value} alt={`${label} preview`} width={96} height={96} />
          )}
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
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
          <label className="field__label" htmlFor={`${id}-file`}>
            Upload {label}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={progress !== null}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {progress !== null && (
            <progress className="image-field__progress" max={1} value={progress} aria-label={`Uploading ${label}`}>
              {Math.round(progress * 100)}%
            </progress>
          )}
          {shownError && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {shownError}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

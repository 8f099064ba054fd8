import { adminUploadImage } from '@shop/api-client';
import { useId, useState } from 'react';
import { env } from '../../../config/env';
import { withAdminToken } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';

interface BannerImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/** The storefront's own pictures (the default banners) live on the shop's host, not the admin's. */
const SITE_IMAGE = /^\/images\//;

/**
 * A banner image: a pasted address or an uploaded file, with a preview and the upload's progress. Built
 * after the product form's image field, which does not fit here: a banner may be one of the storefront's
 * own pictures (`/images/Model1.png`), a path its URL input refuses and the admin host cannot preview.
 */
export function BannerImageField({ label, value, onChange, error }: BannerImageFieldProps) {
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
  return (
    <fieldset className="banner-image">
      <legend className="field__label">{label}</legend>
      <div className="banner-image__body">
        <div className="banner-image__preview">
          {!value ? (
            <span aria-hidden="true">No image</span>
          ) : SITE_IMAGE.test(value) ? (
            <span>Storefront picture</span>
          ) : (
            <img src={value} alt={`${label} preview`} width={96} height={96} />
          )}
        </div>
        <div className="banner-image__inputs">
          <label className="field__label" htmlFor={`${id}-url`}>
            {label} URL
          </label>
          <input
            id={`${id}-url`}
            className="field__input"
            type="text"
            inputMode="url"
            required
            placeholder="https://… or /images/…"
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
            <progress className="banner-image__progress" max={1} value={progress} aria-label={`Uploading ${label}`}>
              {Math.round(progress * 100)}%
            </progress>
          )}
          {shownError && (
            <p id={`${id}-error`} className="field__error">
              {shownError}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

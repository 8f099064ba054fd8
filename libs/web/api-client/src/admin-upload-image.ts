import { csrfHeaders } from './admin-auth';
import { DEFAULT_PREFIX_URL } from './api-client';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error';
import { runUnauthorizedHandler } from './session-end';

/** What `POST /api/uploads` answers: the original's URL, its size and the WebP copies. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  variants: { url: string; width: number }[];
  srcset: string;
}

export interface AdminUploadImageOptions {
  /** Base of the API, e.g. `/api` (the default). */
  prefixUrl?: string;
  /** Called with the share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function messageOf(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim()) return body.message;
  } catch {
    // Not JSON: the generic message below.
  }
  return GENERIC_ERROR_MESSAGE;
}

/**
 * Uploads one image (`POST /api/uploads`, multipart field `image`, admin, in the session). XMLHttpRequest rather than the
 * shared ky client because fetch reports no upload progress.
 */
export function adminUploadImage(file: Blob, options: AdminUploadImageOptions = {}): Promise<UploadedImage> {
  const prefix = (options.prefixUrl ?? DEFAULT_PREFIX_URL).replace(/\/$/, '');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${prefix}/uploads`);
    // The session cookie goes by itself; the CSRF header must be added (the shared ky client's hook does not run here).
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(csrfHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedImage);
        } catch {
          reject(new ApiError(GENERIC_ERROR_MESSAGE, xhr.status));
        }
      } else if (xhr.status === 401 && runUnauthorizedHandler()) {
        // The session ended: the admin's 401 handler runs, as ky's hook does for the other calls, and the upload never settles.
      } else {
        reject(new ApiError(messageOf(xhr.responseText), xhr.status));
      }
    };
    xhr.onerror = () => reject(new ApiError('Could not reach the shop, please check your connection.', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

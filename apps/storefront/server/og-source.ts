import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * Which picture the link preview may fetch (issue 23). `GET /og/product/{id}.jpg` is anonymous, and a product's
 * image URL may be any https address typed in the admin, so the server fetches only the shop's own pictures: an
 * upload served by the gateway (`/api/files/...`) or a file under the configured storage address
 * (`S3_PUBLIC_BASE_URL`). Never an internal address, never a redirect, at most `maxBytes`, and only JPEG, PNG or
 * WebP bytes; anything else is the shop's default picture.
 */
export interface OgSourceOptions {
  /** The gateway that serves `/api/files/`. */
  gatewayUrl: URL;
  /** Where uploads are read from when they live in a bucket (S3_PUBLIC_BASE_URL), if anywhere. */
  storageBaseUrl?: URL;
}

/** The same shape the product rules accept for an uploaded picture. */
const UPLOADED = /^\/api\/files\/[A-Za-z0-9._\-/]+$/;

/** The address to fetch a product's picture from, or null when it is not one of the shop's own. */
export function ownPictureUrl(image: string, options: OgSourceOptions): URL | null {
  if (UPLOADED.test(image) && !image.includes('..')) return new URL(image, options.gatewayUrl);
  const base = options.storageBaseUrl;
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return null;
  }
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  const own =
    url.protocol === base.protocol &&
    url.host === base.host &&
    url.username === '' &&
    url.password === '' &&
    url.pathname.startsWith(basePath) &&
    !decodedPath(url).includes('..');
  return own ? url : null;
}

/** The path with its escapes undone ('..' when it cannot be: such a path is not the shop's). */
function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return '..';
  }
}

/** The picture formats the preview draws from, told by their first bytes (never by a header or a name). */
export function pictureType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Fetches a picture: a 200 answer (no redirect is followed) of at most `maxBytes` (the download stops as soon as it
 * passes), whose bytes are JPEG, PNG or WebP. Anything else answers null.
 */
export function fetchPicture(url: URL, maxBytes: number, timeoutMs = 10_000): Promise<Buffer | null> {
  return new Promise((done) => {
    const get = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const call = get(url, { timeout: timeoutMs }, (answer) => {
      const declared = Number(answer.headers['content-length'] ?? 0);
      if (answer.statusCode !== 200 || declared > maxBytes) {
        answer.destroy();
        done(null);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          answer.destroy();
          done(null);
          return;
        }
        chunks.push(chunk);
      });
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        done(size <= maxBytes && pictureType(body) ? body : null);
      });
      answer.on('error', () => done(null));
    });
    call.on('timeout', () => call.destroy());
    call.on('error', () => done(null));
    call.end();
  });
}

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Hosts that serve youtube.com pages (watch and shorts links). */
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

const SHORT_HOST = 'youtu.be';
const MAX_URL_LENGTH = 2000;

/** True when `id` has the shape of a YouTube video id. */
export function isYouTubeId(id: unknown): id is string {
  return typeof id === 'string' && VIDEO_ID.test(id);
}

/**
 * The video id of a YouTube watch (`youtube.com/watch?v=ID`), shorts (`youtube.com/shorts/ID`) or short
 * (`youtu.be/ID`) link, with or without extra parameters; null for anything else, other hosts included.
 * A link typed without `https://` is read as https.
 */
export function parseYouTubeId(url: string): string | null {
  if (typeof url !== 'string') return null;
  const text = url.trim();
  if (text.length === 0 || text.length > MAX_URL_LENGTH) return null;
  const parsed = parseUrl(/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) ? text : `https://${text}`);
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  // Credentials or a port in a video link are never legitimate; refuse rather than guess.
  if (parsed.username || parsed.password || parsed.port) return null;

  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter((s) => s.length > 0);
  let id: string | null = null;
  if (host === SHORT_HOST) {
    id = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = parsed.searchParams.get('v');
    else if (segments.length === 2 && segments[0] === 'shorts') id = segments[1];
  }
  return isYouTubeId(id) ? id : null;
}

/** The one form the shop stores a video in: `https://www.youtube.com/watch?v=ID`. */
export function toWatchUrl(id: string): string {
  if (!isYouTubeId(id)) throw new RangeError(`Not a YouTube video id: ${id}`);
  return `https://www.youtube.com/watch?v=${id}`;
}

/** A YouTube link in its stored form, or null when it is not a YouTube video link. */
export function normaliseYouTubeUrl(url: string): string | null {
  const id = parseYouTubeId(url);
  return id === null ? null : toWatchUrl(id);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

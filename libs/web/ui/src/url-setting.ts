/**
 * Reads one build-time URL setting (a `VITE_*` variable) of a web app: undefined when unset, else a path such as
 * `/api` or an absolute http(s) URL; anything else stops the app at start-up with a clear message.
 */
export function readUrlSetting(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.startsWith('/')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // falls through to the error below
  }
  throw new Error(`${name} must be a path or an http(s) URL, got "${value}"`);
}

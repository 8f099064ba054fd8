function optionalUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  // A relative path such as /api is fine; anything else must be an absolute http(s) URL.
  if (value.startsWith('/')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // falls through to the error below
  }
  throw new Error(`${name} must be a path or an http(s) URL, got "${value}"`);
}

/** Build-time settings, checked once when the app starts. */
export const env = {
  apiUrl: optionalUrl('VITE_API_URL', import.meta.env.VITE_API_URL),
};

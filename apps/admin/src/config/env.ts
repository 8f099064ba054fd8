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
  /** The shop's own site: product links open there, as the admin runs on another origin (admin host or port 4300). */
  storefrontUrl: (optionalUrl('VITE_STOREFRONT_URL', import.meta.env.VITE_STOREFRONT_URL) ?? 'http://localhost:4200').replace(/\/+$/, ''),
};

import { readUrlSetting } from '@shop/web-ui';

/** Build-time settings, checked once when the app starts. */
export const env = {
  apiUrl: readUrlSetting('VITE_API_URL', import.meta.env.VITE_API_URL),
  /** The shop's own site: product links open there, as the admin runs on another origin (admin host or port 4300). */
  storefrontUrl: (readUrlSetting('VITE_STOREFRONT_URL', import.meta.env.VITE_STOREFRONT_URL) ?? 'http://localhost:4200').replace(/\/+$/, ''),
};

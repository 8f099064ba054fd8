import { readUrlSetting } from '@shop/web-ui';

/** Build-time settings, checked once when the app starts. */
export const env = {
  apiUrl: readUrlSetting('VITE_API_URL', import.meta.env.VITE_API_URL),
};

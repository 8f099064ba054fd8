import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * True when the screen is drawn by the app in the browser, false in the storefront's server render (React's own
 * server snapshot), for the screens whose server page is for browsers without scripts and that the app draws afresh.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

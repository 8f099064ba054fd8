import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; the component draws again when that changes (a window resized, a phone turned). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** The width from which the admin lists orders as a table rather than as cards (issue 26: a desktop). */
export const TABLE_MEDIA = '(min-width: 1024px)';

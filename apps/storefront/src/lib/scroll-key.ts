import type { Location } from 'react-router-dom';

/** Where this document's first history entry keeps its own key (`history.state`, beside the router's fields). */
const ENTRY_KEY_FIELD = 'shopEntryKey';

/**
 * The key a scroll position is saved under (react-router's `<ScrollRestoration getKey>`): one per history entry.
 * The router gives the entries it pushes their own keys, but the entry a full page load starts on is always
 * "default", so every full load (a product page, the payment result the provider sends back, a later /tracking)
 * shared one saved position, and a page could open 364 px down. That entry gets a key of its own in its history
 * state, which a reload and a return with Back keep, so they still restore it; a new load starts at the top.
 */
export function scrollKeyOf(location: Location): string {
  if (location.key !== 'default') return location.key;
  const state: unknown = window.history.state;
  const kept = state && typeof state === 'object' && ENTRY_KEY_FIELD in state ? (state as Record<string, unknown>)[ENTRY_KEY_FIELD] : undefined;
  if (typeof kept === 'string') return kept;
  const key = `entry-${crypto.randomUUID()}`;
  window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [ENTRY_KEY_FIELD]: key }, '');
  return key;
}

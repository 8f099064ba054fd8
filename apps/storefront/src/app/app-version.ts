import { CART_STORAGE_KEY } from '../features/cart/stores/cart-storage';
import { VISITOR_ID_KEY } from '../lib/visitor-id';

/** Browser storage key of the version the stored data belongs to. */
export const APP_VERSION_KEY = 'appVersion';

/** Keys that survive a new version: losing the visitor id would lose the shopper's order tracking (product-rules 7). */
const KEPT_KEYS = [VISITOR_ID_KEY, CART_STORAGE_KEY];

/**
 * When the stored version differs from the running one: drops stale storage and caches, keeps the visitor id and
 * the cart, and reloads. Answers true when a reload was started (the caller should not render).
 */
export async function enforceAppVersion(current: string): Promise<boolean> {
  let stored: string | null;
  try {
    stored = localStorage.getItem(APP_VERSION_KEY);
  } catch {
    return false;
  }
  if (stored === current) return false;
  if (stored === null) {
    // A first visit (or storage from before versions were kept): nothing stale to drop.
    localStorage.setItem(APP_VERSION_KEY, current);
    return false;
  }
  const kept = KEPT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  localStorage.setItem(APP_VERSION_KEY, current);
  if ('caches' in window) {
    // The service worker's own caches (Workbox's precache, the pages and pictures kept for offline use) are its
    // to manage: a new worker replaces its precache itself, and dropping them here would break offline use.
    const names = (await caches.keys()).filter((name) => !name.startsWith('workbox-') && !name.startsWith('shop-'));
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  window.location.reload();
  return true;
}

/**
 * The storefront's service worker (Workbox; built by vite-plugin-pwa, which fills in the precache list).
 * - The app's code, styles, the shell and the offline page are precached: the app opens without a network.
 * - Pages: the network first, so prices and stock are fresh; a page seen before is shown from its copy when the
 *   network is gone, and a page never seen gets the offline page. The screens drawn in the browser (cart,
 *   checkout, tracking) get the shell: the cart lives in the browser and works offline.
 * - Product pictures and the catalogue's answers seen before are kept for offline use.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

// The DOM typings of the app know no service worker scope; the little used here is declared.
declare const self: { __WB_MANIFEST: (string | PrecacheEntry)[]; skipWaiting(): Promise<void> };

const DAY = 24 * 60 * 60;
/** Screens drawn in the browser: the shell serves them all. */
const CLIENT_RENDERED = /^\/(cart|checkout|checkoutInPerson|tracking)(\/|$)/;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const pages = new NetworkFirst({
  cacheName: 'shop-pages',
  // On a very slow connection a page seen before shows after 5 s instead of waiting on.
  networkTimeoutSeconds: 5,
  plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY })],
});

async function offlinePage(): Promise<Response> {
  return (await matchPrecache('/offline.html')) ?? Response.error();
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async (options) => {
    const { request, url } = options;
    if (CLIENT_RENDERED.test(url.pathname)) {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? offlinePage();
      }
    }
    try {
      return await pages.handle(options);
    } catch {
      return offlinePage();
    }
  },
);

// Pictures: the shop's own (/images/), the product pictures and uploads (/api/files/), and the link previews.
registerRoute(
  ({ request, url }) => request.destination === 'image' && (url.pathname.startsWith('/api/files/') || url.pathname.startsWith('/images/')),
  new CacheFirst({ cacheName: 'shop-images', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })] }),
);

// The catalogue's public answers, for moving between screens seen before while offline.
registerRoute(
  ({ request, url }) => request.method === 'GET' && /^\/api\/(products|controls)(\/|$)/.test(url.pathname),
  new NetworkFirst({ cacheName: 'shop-api', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY })] }),
);

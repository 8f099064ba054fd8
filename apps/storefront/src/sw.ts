/**
 * The storefront's service worker (Workbox; built by vite-plugin-pwa, which fills in the precache list).
 * - The app's code, styles, the shell and the offline page are precached: the app opens without a network.
 * - Pages: always the network (the server's page is the truth: a review just written, a new price, a product
 *   gone); only when the network cannot be reached is a page seen before shown from its copy, with a line at the
 *   top saying it is an offline copy and from when; a page never seen gets the offline page. The screens drawn
 *   in the browser (cart, checkout, tracking) get the shell: the cart lives in the browser and works offline.
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
const CLIENT_RENDERED = /^\/(cart|checkout|checkoutInPerson|checkoutTransfer|tracking)(\/|$)/;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** The line an offline copy of a page starts with (styled by the page's own sheet, see global.css). */
function offlineCopyNotice(date: string | null): string {
  const when = date ? new Date(date) : null;
  const since = when && !Number.isNaN(when.getTime()) ? ` saved ${when.toLocaleString('en-TT', { dateStyle: 'medium', timeStyle: 'short' })}` : '';
  return `<p class="offline-copy" role="status">You are offline. This is a copy of this page${since}; prices and stock may have changed.</p>`;
}

/**
 * A page's copy, read from the cache only when the network failed (NetworkFirst without a timeout): marked as an
 * offline copy before #root, outside what the app hydrates.
 */
const markOfflineCopy = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return cachedResponse;
    const html = await cachedResponse.text();
    const headers = new Headers(cachedResponse.headers);
    headers.delete('Content-Length');
    return new Response(html.replace('<div id="root">', `${offlineCopyNotice(cachedResponse.headers.get('Date'))}<div id="root">`), {
      status: cachedResponse.status,
      headers,
    });
  },
};

const pages = new NetworkFirst({
  cacheName: 'shop-pages',
  plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * DAY }), markOfflineCopy],
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
  new NetworkFirst({ cacheName: 'shop-api', plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY })] }),
);

import { enforceAppVersion } from './app/app-version';
import { takeEarlyControl } from './app/before-hydration';
import { SSR_DATA_ID } from './app/ssr-data-id';
import { registerServiceWorker } from './lib/service-worker';
import { submitFormsOnChange } from './lib/submit-on-change';
import './styles/global.css';

/**
 * The storefront's entry, kept small: a page the SSR server rendered is complete without the app, so the first
 * view runs only this (the cart badge, the phone menu, a filter that sends its form) and the React app
 * (app/start.tsx) is loaded on the shopper's first interaction, then hydrates the page. Every control on such a
 * page is a link or a form the server answers, so what the shopper does before that works without the app
 * (app/before-hydration.ts). A screen that came as the empty shell (cart, checkout...) loads the app at once.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function loadApp(early?: ReturnType<typeof takeEarlyControl>): void {
  import('./app/start')
    .then(({ startApp }) => startApp(container as HTMLElement, early))
    .catch((error: unknown) => console.error('The shop could not start:', error));
}

submitFormsOnChange();
void enforceAppVersion(__APP_VERSION__).then((reloading) => {
  if (reloading) return;
  if (document.getElementById(SSR_DATA_ID)) {
    const early = takeEarlyControl(container, () => loadApp(early));
  } else {
    loadApp();
  }
  registerServiceWorker();
});

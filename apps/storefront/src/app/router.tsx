import { createBrowserRouter, type HydrationState } from 'react-router-dom';
import { createRoutes, loadMatchedScreens } from './routes';

/** The browser's router: over the server's data when the page came rendered (SSR), else loading its own. */
export async function createAppRouter(hydrationData?: HydrationState) {
  const routes = createRoutes();
  if (hydrationData) await loadMatchedScreens(routes, window.location.pathname);
  return createBrowserRouter(routes, { hydrationData });
}

import { createBrowserRouter, type HydrationState } from 'react-router-dom';
import { ROOT_ROUTE_ID } from '../components/layout/layout-info';
import { createRoutes, loadMatchedScreens } from './routes';
import { rootLoader } from './routes/root-loader';

/** The browser's router: over the server's data when the page came rendered (SSR), else loading its own. */
export async function createAppRouter(hydrationData?: HydrationState) {
  const routes = createRoutes();
  if (hydrationData) await loadMatchedScreens(routes, window.location.pathname);
  // A page sent as the empty shell (cart, checkout...) has no server data. The frame's details start loading here,
  // handed over as the root's data: the router then draws the frame at once (a root loader it had to run would
  // leave the whole page blank until the screen's code arrived), and header and footer fill in when they come.
  return createBrowserRouter(routes, { hydrationData: hydrationData ?? { loaderData: { [ROOT_ROUTE_ID]: rootLoader() } } });
}

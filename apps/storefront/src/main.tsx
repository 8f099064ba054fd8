import './config/zod';
import './config/api-client';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { enforceAppVersion } from './app/app-version';
import { createAppRouter } from './app/router';
import { readHydrationData } from './app/ssr-data';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void enforceAppVersion(__APP_VERSION__).then(async (reloading) => {
  if (reloading) return;
  // A page the SSR server rendered carries its route data: hydrate over its HTML. The other screens (cart,
  // checkout...) come as the empty shell and are drawn here.
  const hydrationData = readHydrationData();
  const router = await createAppRouter(hydrationData);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrationData) hydrateRoot(container, app);
  else createRoot(container).render(app);
  registerServiceWorker();
});

import '../config/zod';
import '../config/api-client';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import type { EarlyPage } from './before-hydration';
import { createAppRouter } from './router';
import { readHydrationData } from './ssr-data';

/**
 * The React app (its own chunk, loaded by main.tsx): hydrates a page the SSR server rendered, over its data, or
 * draws a screen that came as the empty shell (cart, checkout...).
 */
export async function startApp(container: HTMLElement, early?: EarlyPage): Promise<void> {
  const hydrationData = readHydrationData();
  const router = await createAppRouter(hydrationData);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrationData) {
    early?.stop();
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

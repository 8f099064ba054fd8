import { RouterProvider } from 'react-router-dom';
import type { createAppRouter } from './router';

/** The storefront's providers; only the router so far. */
export function App({ router }: { router: Awaited<ReturnType<typeof createAppRouter>> }) {
  return <RouterProvider router={router} />;
}

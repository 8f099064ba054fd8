import { createBrowserRouter, Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { homeLoader } from './routes/home-loader';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root-layout';

// Each screen is its own chunk (`lazy`); loaders stay in the main bundle so a screen's data is requested
// while its code is still downloading, not after.
export const router = createBrowserRouter([
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    children: [
      {
        index: true,
        loader: homeLoader,
        lazy: { Component: async () => (await import('./routes/home')).HomeRoute },
      },
      {
        path: paths.notFound,
        lazy: { Component: async () => (await import('./routes/not-found')).NotFoundRoute },
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
]);

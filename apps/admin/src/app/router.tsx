import { createBrowserRouter, Navigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { AdminErrorBoundary, AdminHydrateFallback, AdminLayout } from './routes/admin-layout';
import { dashboardLoader } from './routes/dashboard-loader';

// Screens are lazy chunks; their loaders stay in the main bundle so data and code download together.
export const router = createBrowserRouter([
  { path: paths.root, element: <Navigate to={paths.dashboard} replace /> },
  {
    path: paths.dashboard,
    Component: AdminLayout,
    ErrorBoundary: AdminErrorBoundary,
    HydrateFallback: AdminHydrateFallback,
    children: [
      {
        index: true,
        loader: dashboardLoader,
        lazy: { Component: async () => (await import('./routes/dashboard')).DashboardRoute },
      },
    ],
  },
  // No admin 404 screen yet: anything unknown goes to the dashboard.
  { path: '*', element: <Navigate to={paths.dashboard} replace /> },
]);

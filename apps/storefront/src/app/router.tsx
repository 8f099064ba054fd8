import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { controlsLoader } from './routes/controls-loader';
import { homeLoader } from './routes/home-loader';
import { checkoutInPersonLoader, checkoutResultLoader } from './routes/order-result-loaders';
import { productLoader } from './routes/product-loader';
import { productsLoader } from './routes/products-loader';
import { trackingLoader, trackingOrderLoader } from './routes/tracking-loaders';
import { RootErrorBoundary, RootLayout, ScreenHydrateFallback } from './routes/root-layout';

function withHydrateFallback(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ HydrateFallback: ScreenHydrateFallback, ...route }));
}

// Each screen is its own chunk (`lazy`); loaders stay in the main bundle so a screen's data is requested
// while its code is still downloading, not after.
export const router = createBrowserRouter([
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    // The first screen's fallback sits at the screen's level (each child), not the root's, so the layout renders
    // once and keeps its state (e.g. text typed into the search box while the screen loads).
    children: withHydrateFallback([
      {
        index: true,
        loader: homeLoader,
        lazy: { Component: async () => (await import('./routes/home')).HomeRoute },
      },
      {
        path: `${paths.products}/:filter?`,
        loader: productsLoader,
        lazy: { Component: async () => (await import('./routes/products')).ProductsRoute },
      },
      {
        path: '/product/:id',
        loader: productLoader,
        lazy: { Component: async () => (await import('./routes/product')).ProductRoute },
      },
      {
        path: paths.cart,
        lazy: { Component: async () => (await import('./routes/cart')).CartRoute },
      },
      {
        path: paths.checkout,
        lazy: { Component: async () => (await import('./routes/checkout')).CheckoutRoute },
      },
      {
        path: '/checkout/:id',
        loader: checkoutResultLoader,
        // The provider's parameters are sent once per visit, not again after the cart store changes.
        shouldRevalidate: () => false,
        lazy: { Component: async () => (await import('./routes/order-result')).OrderResultRoute },
      },
      {
        path: '/checkoutInPerson/:id',
        loader: checkoutInPersonLoader,
        shouldRevalidate: () => false,
        lazy: { Component: async () => (await import('./routes/order-result')).OrderResultRoute },
      },
      {
        path: paths.tracking,
        loader: trackingLoader,
        lazy: { Component: async () => (await import('./routes/tracking')).TrackingRoute },
      },
      {
        path: '/tracking/:id',
        loader: trackingOrderLoader,
        lazy: { Component: async () => (await import('./routes/tracking-order')).TrackingOrderRoute },
      },
      {
        path: paths.media,
        loader: controlsLoader,
        lazy: { Component: async () => (await import('./routes/media')).MediaRoute },
      },
      {
        path: paths.contact,
        loader: controlsLoader,
        lazy: { Component: async () => (await import('./routes/contact')).ContactRoute },
      },
      {
        path: paths.notFound,
        lazy: { Component: async () => (await import('./routes/not-found')).NotFoundRoute },
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ]),
  },
]);

import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { checkoutLoader } from './routes/checkout-loader';
import { contactLoader } from './routes/contact-loader';
import { controlsLoader } from './routes/controls-loader';
import { homeLoader } from './routes/home-loader';
import { checkoutInPersonLoader, checkoutResultLoader, checkoutTransferLoader } from './routes/order-result-loaders';
import { productLoader, shouldRevalidateProduct } from './routes/product-loader';
import { productsLoader } from './routes/products-loader';
import { rootLoader, shouldRevalidateRoot } from './routes/root-loader';
import { shopPageLoader } from './routes/shop-page-loader';
import type { ShopPageKind } from '../config/shop-pages';
import { notFoundLoader } from './routes/suggestions-loader';
import { unsubscribeLoader } from './routes/unsubscribe-loader';
import { UNSUBSCRIBE_PATH } from '../features/back-in-stock/notify-outcome';
import { trackingLoader, trackingOrderLoader } from './routes/tracking-loaders';
import { RootErrorBoundary, RootLayout, ScreenHydrateFallback } from './routes/root-layout';
import { ROOT_ROUTE_ID } from '../components/layout/layout-info';

/**
 * Ids of the screens the SSR server renders with their data (entry-server.tsx); every other screen (cart,
 * checkout, results, tracking) is sent as the empty shell and drawn in the browser, as before.
 */
export const SERVER_RENDERED = {
  home: 'home',
  products: 'products',
  product: 'product',
  media: 'media',
  contact: 'contact',
  delivery: 'delivery',
  returns: 'returns',
  privacy: 'privacy',
  notFound: 'not-found',
  /** Issue 28: the back-in-stock mails' unsubscribe page. */
  unsubscribe: 'back-in-stock-unsubscribe',
} as const satisfies Record<string, string> & Record<ShopPageKind, ShopPageKind>;

/** The owner's text pages: one screen, one loader each (the page's own text only). */
function shopPageRoute(kind: ShopPageKind): RouteObject {
  return {
    id: SERVER_RENDERED[kind],
    path: paths[kind],
    loader: shopPageLoader(kind),
    lazy: { Component: async () => (await import('./routes/shop-page')).ShopPageRoute },
  };
}

/**
 * Ids of the screens the SSR server renders for a browser without scripts but sends without their data: the app
 * does not hydrate them, it draws them afresh from what the browser keeps (the stored cart).
 */
export const SERVER_DRAWN = {
  checkout: 'checkout',
  checkoutInPerson: 'checkout-in-person',
  // Issue 29: "Find my orders" works without scripts; the lists are the shopper's own, never kept.
  tracking: 'tracking',
  trackingOrder: 'tracking-order',
  checkoutTransfer: 'checkout-transfer',
} as const;

function withHydrateFallback(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ HydrateFallback: ScreenHydrateFallback, ...route }));
}

/**
 * The storefront's routes, the one table both the browser router (router.tsx) and the SSR server
 * (entry-server.tsx) use. Each screen is its own chunk (`lazy`); loaders stay in the main bundle so a screen's
 * data is requested while its code is still downloading, not after.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      path: paths.home,
      loader: rootLoader,
      shouldRevalidate: shouldRevalidateRoot,
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      // The first screen's fallback sits at the screen's level (each child), not the root's, so the layout renders
      // once and keeps its state (e.g. text typed into the search box while the screen loads).
      children: withHydrateFallback([
        {
          id: SERVER_RENDERED.home,
          index: true,
          loader: homeLoader,
          lazy: { Component: async () => (await import('./routes/home')).HomeRoute },
        },
        {
          id: SERVER_RENDERED.products,
          path: `${paths.products}/:filter?`,
          loader: productsLoader,
          lazy: { Component: async () => (await import('./routes/products')).ProductsRoute },
        },
        {
          id: SERVER_RENDERED.product,
          path: '/product/:id',
          loader: productLoader,
          shouldRevalidate: shouldRevalidateProduct,
          lazy: { Component: async () => (await import('./routes/product')).ProductRoute },
        },
        {
          id: SERVER_RENDERED.unsubscribe,
          path: UNSUBSCRIBE_PATH,
          loader: unsubscribeLoader,
          lazy: { Component: async () => (await import('./routes/unsubscribe')).UnsubscribeRoute },
        },
        {
          path: paths.cart,
          lazy: { Component: async () => (await import('./routes/cart')).CartRoute },
        },
        {
          id: SERVER_DRAWN.checkout,
          path: paths.checkout,
          loader: checkoutLoader,
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
          id: SERVER_DRAWN.checkoutInPerson,
          path: '/checkoutInPerson/:id',
          loader: checkoutInPersonLoader,
          shouldRevalidate: () => false,
          lazy: { Component: async () => (await import('./routes/order-result')).OrderResultRoute },
        },
        {
          id: SERVER_DRAWN.checkoutTransfer,
          path: '/checkoutTransfer/:id',
          loader: checkoutTransferLoader,
          shouldRevalidate: () => false,
          lazy: { Component: async () => (await import('./routes/order-result')).OrderResultRoute },
        },
        {
          id: SERVER_DRAWN.tracking,
          path: paths.tracking,
          loader: trackingLoader,
          lazy: { Component: async () => (await import('./routes/tracking')).TrackingRoute },
        },
        {
          id: SERVER_DRAWN.trackingOrder,
          path: '/tracking/:id',
          loader: trackingOrderLoader,
          lazy: { Component: async () => (await import('./routes/tracking-order')).TrackingOrderRoute },
        },
        {
          id: SERVER_RENDERED.media,
          path: paths.media,
          loader: controlsLoader,
          lazy: { Component: async () => (await import('./routes/media')).MediaRoute },
        },
        {
          id: SERVER_RENDERED.contact,
          path: paths.contact,
          loader: contactLoader,
          lazy: { Component: async () => (await import('./routes/contact')).ContactRoute },
        },
        shopPageRoute('delivery'),
        shopPageRoute('returns'),
        shopPageRoute('privacy'),
        {
          id: SERVER_RENDERED.notFound,
          path: paths.notFound,
          loader: notFoundLoader,
          lazy: { Component: async () => (await import('./routes/not-found')).NotFoundRoute },
        },
        { id: 'unknown', path: '*', element: <Navigate to={paths.notFound} replace /> },
      ]),
    },
  ];
}

/**
 * Loads the code of the screens a URL matches: the server renders them whole, and the browser, hydrating over
 * that HTML, must draw them on its first render too (not their loading fallback), or React reports a mismatch.
 */
export async function loadMatchedScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (!lazy || typeof lazy === 'function' || !lazy.Component) return;
      const Component = await lazy.Component();
      const rest = { ...lazy };
      delete rest.Component;
      route.Component = Component;
      route.lazy = Object.keys(rest).length > 0 ? rest : undefined;
    }),
  );
}

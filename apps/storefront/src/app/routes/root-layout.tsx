import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router-dom';
import { SiteLayout } from '../../components/layout/site-layout';
import { useCartStore } from '../../features/cart/stores/cart-store';
import { ErrorPanel } from '@shop/web-ui';
import { errorMessage } from '../../lib/error-message';
import { HYDRATED_EVENT } from '../before-hydration';

const cartLineCount = () => useCartStore.getState().cartItems.length;

/**
 * The badge counts distinct cart lines (spec section 2). Hydrating, the stored cart is read too (not the store's
 * empty initial state): before the app ran, the page's early script drew the badge from the same storage
 * (before-hydration.ts), so React finds the badge it renders. On the server the store is always empty.
 */
function useCartCount(): number {
  return useSyncExternalStore(useCartStore.subscribe, cartLineCount, cartLineCount);
}

/** After moving to another screen, keyboard and screen reader users start at its content, not at the old link. */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Marks the page once the app runs (after hydrating a server-rendered screen): browser tests wait for it, and the
 * early script plays back what the shopper did before (before-hydration.ts).
 */
function useHydratedMark(): void {
  useEffect(() => {
    if (document.documentElement.dataset.hydrated === 'true') return;
    document.documentElement.dataset.hydrated = 'true';
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}

export function RootLayout() {
  useFocusMainOnNavigation();
  useHydratedMark();
  return (
    <SiteLayout cartCount={useCartCount()}>
      <Outlet />
      <ScrollRestoration />
    </SiteLayout>
  );
}

/**
 * While the first screen's code and data load, in place of the screen only: the layout around it is the real
 * one from the start, so nothing typed into the header's search box is lost when the screen arrives.
 */
export function ScreenHydrateFallback() {
  return (
    <p className="visually-hidden" role="status">
      Loading…
    </p>
  );
}

/** A screen that failed to load or render (e.g. its code could not be fetched after a release). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const cartCount = useCartCount();
  return (
    <SiteLayout cartCount={cartCount}>
      <div className="container page-section">
        <ErrorPanel message={errorMessage(error)} onRetry={() => window.location.reload()} />
      </div>
    </SiteLayout>
  );
}

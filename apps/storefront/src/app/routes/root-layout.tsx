import { errorMessage } from '@shop/api-client';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router-dom';
import { SiteLayout } from '../../components/layout/site-layout';
import { useCartStore } from '../../features/cart/stores/cart-store';
import { ErrorPanel } from '@shop/web-ui';
import { scrollKeyOf } from '../../lib/scroll-key';

const cartLineCount = () => useCartStore.getState().cartItems.length;
/** What the server rendered: it has no cart. */
const noCart = () => 0;

/**
 * The badge counts distinct cart lines (spec section 2). Hydrating, React first renders what the server did (no
 * count), then the stored cart's count; the early script showed that count meanwhile (before-hydration.ts).
 */
function useCartCount(): number {
  return useSyncExternalStore(useCartStore.subscribe, cartLineCount, noCart);
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

/** Marks the page once the app runs (after hydrating a server-rendered screen): browser tests wait for it. */
function useHydratedMark(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export function RootLayout() {
  useFocusMainOnNavigation();
  useHydratedMark();
  return (
    <SiteLayout cartCount={useCartCount()}>
      <Outlet />
      <ScrollRestoration getKey={scrollKeyOf} />
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

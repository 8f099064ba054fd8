import { adminGetOrderStats } from '@shop/api-client';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useRouteError } from 'react-router-dom';
import { ErrorPanel, useDismiss } from '@shop/web-ui';
import { toast, Toaster } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { logout, logoutEverywhere, requireUserInfo, withAdminSession } from '../../lib/auth';
import { useAdminMenu } from '../../lib/admin-menu';
import { errorMessage } from '../../lib/error-message';
import { useOrderBadgeSignal } from '../../lib/order-badge';
import { readUserInfo } from '../../lib/user-info';
import './admin-layout.css';

/** The guard: every screen inside the layout needs a stored admin login (spec section 2). */
export function adminLayoutLoader() {
  requireUserInfo();
  return null;
}

const links = [
  { to: paths.dashboard, label: 'Dashboard', end: true },
  { to: paths.orders, label: 'Orders', end: false },
  { to: paths.products, label: 'View/Edit Products', end: true },
  { to: paths.productAdd, label: 'Add New Product', end: true },
  { to: paths.media, label: 'Media', end: false },
  { to: paths.controls, label: 'Site Settings', end: false },
  { to: paths.discounts, label: 'Discount Codes', end: false },
  // Not in the spec's sidebar: the owner's view of the shop's mails (notifications issue).
  { to: paths.outbox, label: 'Outbox', end: false },
] as const;

const shopDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port_of_Spain', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Orders waiting for the owner (paid card orders and in-person orders not yet delivered), asked again on
 * every navigation, when the window regains focus, and when a screen says it changed an order.
 */
function useOrderBadge(): number {
  const location = useLocation();
  const version = useOrderBadgeSignal((state) => state.version);
  const [count, setCount] = useState(0);
  const [focused, setFocused] = useState(0);

  useEffect(() => {
    const onFocus = () => setFocused((n) => n + 1);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  useEffect(() => {
    // The frame also draws while the guard sends a visitor without a login away: ask nothing then.
    if (!readUserInfo()) return;
    const controller = new AbortController();
    // One day's figures: the badge does not depend on the range, and a short one is the cheapest to count.
    const today = shopDay.format(new Date());
    withAdminSession(() => adminGetOrderStats({ from: today, to: today, signal: controller.signal })).then(
      (stats) => setCount(stats.badge),
      // A failed count leaves the last one shown: the badge must never take the layout down.
      () => undefined,
    );
    return () => controller.abort();
  }, [location.key, version, focused]);

  return count;
}

/** Ends every session of the owner's account after a confirm: a lost phone, a shared computer left signed in. */
async function signOutEverywhere(): Promise<void> {
  if (!window.confirm('Sign out everywhere? Every browser and device signed in as you, this one included, will have to sign in again.')) return;
  try {
    await logoutEverywhere();
  } catch (error) {
    toast(errorMessage(error), 'error');
  }
}

function Sidebar({ id, open, waiting, navRef }: { id: string; open: boolean; waiting: number; navRef: RefObject<HTMLElement | null> }) {
  const badgeId = useId();
  const waitingText = `${waiting} ${waiting === 1 ? 'order' : 'orders'} waiting`;
  return (
    <nav ref={navRef} id={id} className={`admin-nav${open ? ' admin-nav--open' : ''}`} aria-label="Admin">
      <ul className="admin-nav__list">
        {links.map((link) => {
          const badge = link.to === paths.orders && waiting > 0;
          return (
            <li key={link.to} className="admin-nav__item">
              {/* The count is the link's description, so the link's name stays 'Orders'. */}
              <NavLink className="admin-nav__link" to={link.to} end={link.end} aria-describedby={badge ? badgeId : undefined}>
                {link.label}
              </NavLink>
              {badge && (
                <span className="admin-nav__badge" id={badgeId}>
                  <span aria-hidden="true">{waiting > 99 ? '99+' : waiting}</span>
                  <span className="visually-hidden">{waitingText}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="admin-nav__footer">
        <button type="button" className="admin-nav__action" onClick={() => void signOutEverywhere()}>
          Sign out everywhere
        </button>
      </div>
    </nav>
  );
}

function AdminFrame({ children }: { children: ReactNode }) {
  const menuId = useId();
  const location = useLocation();
  // The phone menu is open on the page it was opened on: following a link closes it.
  const menuOpenOn = useAdminMenu((state) => state.openOn);
  const setMenuOpenOn = useAdminMenu((state) => state.setOpenOn);
  const menuOpen = menuOpenOn === location.pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuNav = useRef<HTMLElement>(null);
  const waiting = useOrderBadge();

  // So does a tap outside it (it lies over the screen) or Escape, which gives the focus back to the button.
  useDismiss(menuOpen, () => setMenuOpenOn(null), [menuNav, menuButton], menuButton);

  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-bar">
        <div className="admin-bar__inner">
          <button
            ref={menuButton}
            type="button"
            className="admin-bar__menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
            {/* A hint on phones, where the sidebar is folded away; the menu's Orders link says the count. */}
            {waiting > 0 && <span className="admin-bar__dot" aria-hidden="true" />}
          </button>
          <Link className="admin-bar__brand" to={paths.dashboard}>
            Island Glow <span className="admin-bar__tag">Admin</span>
          </Link>
          <button type="button" className="admin-bar__logout" onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </header>
      <div className="admin__body">
        <Sidebar id={menuId} open={menuOpen} waiting={waiting} navRef={menuNav} />
        <main id="main" className="admin__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Toaster />
    </div>
  );
}

export function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

export function AdminHydrateFallback() {
  return (
    <AdminFrame>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
    </AdminFrame>
  );
}

export function AdminErrorBoundary() {
  const error = useRouteError();
  return (
    <AdminFrame>
      <ErrorPanel message={errorMessage(error)} onRetry={() => window.location.reload()} />
    </AdminFrame>
  );
}

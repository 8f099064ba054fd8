import { errorMessage } from '@shop/api-client';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useFetcher, useLocation, useRouteError } from 'react-router-dom';
import { ErrorPanel, toast, Toaster, useDismiss } from '@shop/web-ui';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { logout, logoutEverywhere, requireUserInfo } from '../../lib/auth';
import { useAdminMenu } from '../../lib/admin-menu';
import { readUserInfo } from '../../lib/user-info';
import type { orderBadgeLoader } from './order-badge-loader';
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
  // Not in the spec's sidebar (issue 26): out-of-stock and low-stock items with "+N" in place.
  { to: paths.restock, label: 'Restock', end: true },
  { to: paths.reviews, label: 'Reviews', end: true },
  { to: paths.media, label: 'Media', end: false },
  { to: paths.controls, label: 'Site Settings', end: false },
  { to: paths.discounts, label: 'Discount Codes', end: false },
  // Not in the spec's sidebar: the owner's view of the shop's mails (notifications issue; "Outbox" until issue 26).
  { to: paths.mailLog, label: 'Mail log', end: false },
] as const;

/**
 * Orders waiting for the owner (paid card orders and in-person orders not yet delivered), asked again on every
 * navigation and when the window regains focus; a screen that changes an order revalidates, which asks again too.
 */
function useOrderBadge(): number {
  const location = useLocation();
  const { load, data } = useFetcher<typeof orderBadgeLoader>({ key: 'order-badge' });
  const [focused, setFocused] = useState(0);
  // A failed count leaves the last one shown: the badge must never take the layout down.
  const [count, setCount] = useState(0);
  const fresh = data?.waiting;
  if (typeof fresh === 'number' && fresh !== count) setCount(fresh);

  useEffect(() => {
    const onFocus = () => setFocused((n) => n + 1);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  useEffect(() => {
    // The frame also draws while the guard sends a visitor without a login away: ask nothing then.
    if (readUserInfo()) void load(paths.orderBadge);
  }, [location.key, focused, load]);

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
        <Link className="admin-nav__action" to={paths.security}>
          Security and password
        </Link>
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
          {/* The shop as shoppers see it (issue 26), in a tab of its own so the admin stays open. */}
          <a className="admin-bar__shop" href={`${env.storefrontUrl}/`} target="_blank" rel="noopener noreferrer">
            <span className="visually-hidden-narrow">View </span>shop<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
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

import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useRouteError } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { Toaster } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { logout, requireUserInfo } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';
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
  // Not in the spec's sidebar: the owner's view of the shop's mails (notifications issue).
  { to: paths.outbox, label: 'Outbox', end: false },
] as const;

function Sidebar({ id, open }: { id: string; open: boolean }) {
  return (
    <nav id={id} className={`admin-nav${open ? ' admin-nav--open' : ''}`} aria-label="Admin">
      <ul className="admin-nav__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink className="admin-nav__link" to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AdminFrame({ children }: { children: ReactNode }) {
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Following a link closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-bar">
        <div className="admin-bar__inner">
          <button
            type="button"
            className="admin-bar__menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
          </button>
          <Link className="admin-bar__brand" to={paths.dashboard}>
            Island Glow <span className="admin-bar__tag">Admin</span>
          </Link>
          <button type="button" className="admin-bar__logout" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <div className="admin__body">
        <Sidebar id={menuId} open={menuOpen} />
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

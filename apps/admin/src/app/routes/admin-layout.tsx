import type { ReactNode } from 'react';
import { Link, Outlet, useRouteError } from 'react-router-dom';
import { ErrorPanel } from '../../components/ui/error-panel';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import './admin-layout.css';

function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-bar">
        <div className="admin-bar__inner">
          <Link className="admin-bar__brand" to={paths.dashboard}>
            Island Glow <span className="admin-bar__tag">Admin</span>
          </Link>
        </div>
      </header>
      <main id="main" className="admin__main" tabIndex={-1}>
        {children}
      </main>
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

import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-layout.css';

/** Skip link, header with the main navigation, the page, and the footer: the frame of every screen. */
export function SiteLayout({ children, cartCount = 0 }: { children: ReactNode; cartCount?: number }) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader cartCount={cartCount} />
      <main id="main" className="site__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDismiss } from '@shop/web-ui';
import { BrandMark } from './brand-mark';
import { useLayoutInfo } from './layout-info';
import { NavSearch } from './nav-search';

const links = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Products' },
  { to: paths.media, label: 'Media' },
  { to: paths.tracking, label: 'Track Orders' },
  { to: paths.contact, label: 'Contact Us' },
] as const;

/** Media only once the gallery is known to hold a photo or a video (an empty page is not worth a link). */
function useNavLinks() {
  const hasMedia = useLayoutInfo()?.hasMedia ?? false;
  return links.filter((link) => link.to !== paths.media || hasMedia);
}

/**
 * Open while hydrating if the shopper opened the menu before the app ran (the early script drives the same
 * attributes, before-hydration.ts), so React's first render matches the page as it is. Closed everywhere else.
 */
function menuOpenBeforeHydration(): boolean {
  if (typeof document === 'undefined' || document.documentElement.dataset.hydrated === 'true') return false;
  return document.querySelector('.main-nav__toggle')?.getAttribute('aria-expanded') === 'true';
}

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'main-nav__link is-active' : 'main-nav__link');

/**
 * Logo, search, the main links and the cart with its line count; below 1100 px the search and links fold into
 * a menu that closes on any outside click.
 */
export function SiteHeader({ cartCount }: { cartCount: number }) {
  const [menuOpen, setMenuOpen] = useState(menuOpenBeforeHydration);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navLinks = useNavLinks();

  useDismiss(menuOpen, () => setMenuOpen(false), [navRef], toggleRef);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to={paths.home} className="brand" onClick={closeMenu}>
          <BrandMark />
          <span className="brand__name">Island Glow</span>
        </Link>
        <nav ref={navRef} className="main-nav" aria-label="Main">
          <NavLink to={paths.cart} className={({ isActive }) => `cart-link${isActive ? ' is-active' : ''}`} onClick={closeMenu}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
              <circle cx="10" cy="20" r="1.6" fill="currentColor" />
              <circle cx="17" cy="20" r="1.6" fill="currentColor" />
            </svg>
            <span>Cart</span>
            {/* Always drawn, hidden while empty: the early script shows the stored count in it before the app runs
                (before-hydration.ts), so hydration leaves those values as they are. */}
            <span className="cart-link__badge" data-cart-badge hidden={cartCount === 0} suppressHydrationWarning>
              {/* Empty while the cart is (the page's text says nothing about a cart with nothing in it). */}
              <span data-cart-count suppressHydrationWarning>
                {cartCount > 0 ? cartCount : ''}
              </span>
              <span className="visually-hidden" data-cart-noun suppressHydrationWarning>
                {cartCount === 0 ? '' : cartCount === 1 ? ' item' : ' items'}
              </span>
            </span>
          </NavLink>
          <button
            ref={toggleRef}
            type="button"
            className="main-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="main-nav__toggle-bars" aria-hidden="true" />
            <span className="visually-hidden">Menu</span>
          </button>
          <div id={menuId} className="main-nav__menu" data-open={menuOpen}>
            <NavSearch onSearch={closeMenu} />
            <ul className="main-nav__links">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === paths.home} className={navLinkClass} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}

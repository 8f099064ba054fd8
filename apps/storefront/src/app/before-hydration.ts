import { storedCartLineCount } from '../features/cart/stores/cart-storage';
import { getVisitorId } from '../lib/visitor-id';

/**
 * A server-rendered page before the app runs (the storefront's first view, see main.tsx). Every control on it is
 * plain HTML that the server answers: links, GET forms (searches, the type filter, the quantity stepper, Add to
 * Cart) and the review form's POST. So nothing the shopper does early needs the app, and nothing is held back to
 * be played to it later: a tap before the app has hydrated the page does what the HTML says (a page load), a tap
 * after it is the app's. This module adds the little the first view needs at once: the stored cart's count in the
 * badge the header already drew, the phone menu, and the visitor id a form sends (see `fillVisitorIds`).
 */

/** What means the shopper is using the page: the first one loads the app. */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

export interface EarlyPage {
  /** Hands the page over to React: the early menu handlers stop. Call right before hydrating. */
  stop(): void;
}

/**
 * The stored cart's line count in the badge the header renders (hidden and empty on the server, which has no
 * cart): only the text and `hidden` of that element change; the header marks them as set before hydration.
 */
function showCartCount(root: HTMLElement): void {
  const count = storedCartLineCount();
  const badge = root.querySelector<HTMLElement>('[data-cart-badge]');
  const number = badge?.querySelector('[data-cart-count]');
  const noun = badge?.querySelector('[data-cart-noun]');
  if (count === 0 || !badge || !number || !noun) return;
  number.textContent = String(count);
  noun.textContent = count === 1 ? ' item' : ' items';
  badge.hidden = false;
}

/** The phone menu's toggle and panel, driven the way site-header.tsx drives them (React takes the state over). */
function phoneMenu(root: HTMLElement) {
  const toggle = root.querySelector<HTMLButtonElement>('.main-nav__toggle');
  const nav = toggle?.closest('nav');
  const panel = toggle ? document.getElementById(toggle.getAttribute('aria-controls') ?? '') : null;
  if (!toggle || !nav || !panel) return null;
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    panel.dataset.open = String(open);
  };
  return { toggle, nav, isOpen, setOpen };
}

/**
 * A form that acts for the visitor (the review form) carries an empty `data-visitor-id` field: the server cannot
 * know the id kept in this browser. It is filled as the form is sent, so the review is the visitor's own (the
 * SSR server falls back to a cookie without JavaScript). Listening on the capture phase runs before the browser
 * sends the form and before the app's own handler, which sends the same id with the API call.
 */
function fillVisitorIds(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  for (const field of form.querySelectorAll<HTMLInputElement>('input[data-visitor-id]')) field.value = getVisitorId();
}

/**
 * The first view's own behaviour until React hydrates the page: shows the cart count, runs the phone menu and
 * calls `wake` on the shopper's first interaction (which loads the app).
 */
export function takeEarlyControl(root: HTMLElement, wake: () => void): EarlyPage {
  showCartCount(root);
  const menu = phoneMenu(root);

  const onWake = () => {
    for (const type of WAKE_EVENTS) document.removeEventListener(type, onWake, true);
    wake();
  };
  const onClick = (event: MouseEvent) => {
    if (menu && event.target instanceof Node && menu.toggle.contains(event.target)) menu.setOpen(!menu.isOpen());
  };
  // The menu closes on a tap outside it or on Escape, as site-header.tsx's useDismiss does.
  const onPointerDown = (event: PointerEvent) => {
    if (menu?.isOpen() && event.target instanceof Node && !menu.nav.contains(event.target)) menu.setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu?.isOpen()) return;
    menu.setOpen(false);
    menu.toggle.focus();
  };

  for (const type of WAKE_EVENTS) document.addEventListener(type, onWake, { capture: true, passive: true });
  document.addEventListener('click', onClick);
  document.addEventListener('pointerdown', onPointerDown);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('submit', fillVisitorIds, true);
  // Listening: the browser tests wait for this before they interact (test/support/browser.ts).
  document.documentElement.dataset.early = 'true';

  return {
    stop() {
      for (const type of WAKE_EVENTS) document.removeEventListener(type, onWake, true);
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    },
  };
}

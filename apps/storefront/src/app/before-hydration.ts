import { storedCartLineCount } from '../features/cart/stores/cart-storage';

/**
 * A server-rendered page before the app runs (the storefront's first view, see main.tsx): everything on it works
 * without React. Links are links and the search boxes are GET forms, so they need nothing here. This module adds
 * the little the first view needs at once: the cart badge from storage and the phone menu. Anything else the
 * shopper does before React has hydrated the page (a tap on a button, a form sent, text typed) is kept and played
 * back to React once it has, so nothing tapped early is lost.
 */

/** What means the shopper is using the page: the first one loads the app. */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Sent by the root layout once React has hydrated the page; the early actions are then played back. */
export const HYDRATED_EVENT = 'shop:hydrated';

export interface EarlyPage {
  /** Hands the page over to React: the early handlers stop. Call right before hydrating. */
  stop(): void;
}

/**
 * The cart badge as the header draws it (site-header.tsx), so React hydrates over it without a mismatch: the
 * app's first render reads the same stored cart (root-layout.tsx, `useCartCount`).
 */
function drawCartBadge(root: HTMLElement): void {
  const count = storedCartLineCount();
  const link = root.querySelector('.cart-link');
  if (count === 0 || !link || link.querySelector('.cart-link__badge')) return;
  const badge = document.createElement('span');
  badge.className = 'cart-link__badge';
  const spoken = document.createElement('span');
  spoken.className = 'visually-hidden';
  spoken.textContent = count === 1 ? ' item' : ' items';
  badge.append(String(count), spoken);
  link.append(badge);
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

/** The element's value before the shopper changed it (what the server rendered). */
function renderedValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): string {
  if (field instanceof HTMLSelectElement) {
    const chosen = Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? '';
  }
  return field.defaultValue;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Text typed and choices made before hydration: the fields whose value is not the one the server rendered. */
function changedFields(root: HTMLElement): Array<{ field: Field; value: string }> {
  const changed: Array<{ field: Field; value: string }> = [];
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio' || field.type === 'hidden')) continue;
    if (field.value !== renderedValue(field)) changed.push({ field, value: field.value });
  }
  return changed;
}

/**
 * Tells React about a value set before it hydrated the field: it keeps the typed text in the element (a chosen
 * option may be reset), but its state holds the rendered value and would put that back on its next render.
 */
function replayFieldValue(field: Field, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React notices a change by comparing with the last value it saw set through the element's `value`: set the
  // rendered one that way, then the typed one past it (the prototype's setter), and send the input event.
  field.value = renderedValue(field);
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const nextTask = () => new Promise((done) => setTimeout(done, 16));

/**
 * Waits until React has hydrated the element: the page's outer frame is hydrated first and each Suspense boundary
 * inside it a little later, and an event sent into a boundary not hydrated yet is held by React, not handled.
 * React marks the elements it has hydrated with its own `__reactProps$` key (the one React detail relied on; after
 * 5 s the action is played anyway).
 */
async function untilHydrated(element: Element): Promise<void> {
  for (let waited = 0; waited < 5_000 && element.isConnected; waited += 16) {
    if (Object.keys(element).some((key) => key.startsWith('__reactProps$'))) return;
    await nextTask();
  }
}

/**
 * Takes over a server-rendered page until React hydrates it: draws the cart badge, runs the phone menu, calls
 * `wake` on the shopper's first interaction, and keeps button taps and form submissions for React.
 */
export function takeEarlyControl(root: HTMLElement, wake: () => void): EarlyPage {
  drawCartBadge(root);
  const menu = phoneMenu(root);
  // Each kept action: the element React must have hydrated, then what to do with it.
  const pending: Array<{ element: Element; act: () => void }> = [];
  let fields: Array<{ field: Field; value: string }> = [];

  const onWake = () => {
    for (const type of WAKE_EVENTS) document.removeEventListener(type, onWake, true);
    wake();
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || !root.contains(target)) return;
    if (menu?.toggle.contains(target)) {
      menu.setOpen(!menu.isOpen());
      return;
    }
    // Links keep the browser's own behaviour (a page load the server renders); so do the GET search forms.
    const control = target.closest<HTMLElement>('button, [role="button"]');
    if (!control) return;
    if (control instanceof HTMLButtonElement && control.type === 'submit' && control.form?.hasAttribute('action')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pending.push({ element: control, act: () => control.click() });
  };

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form) || form.hasAttribute('action')) return;
    event.preventDefault();
    const submitter = event.submitter;
    pending.push({ element: form, act: () => form.requestSubmit(submitter?.isConnected ? submitter : undefined) });
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

  // In order, one task apart, so React has rendered what one changed (a chosen quantity) before the next (the tap
  // that adds it to the cart) reads it.
  const onHydrated = async () => {
    const actions = [
      ...fields.map(({ field, value }) => ({ element: field, act: () => replayFieldValue(field, value) })),
      ...pending.splice(0),
    ];
    for (const { element, act } of actions) {
      await untilHydrated(element);
      await nextTask();
      if (element.isConnected) act();
    }
  };

  for (const type of WAKE_EVENTS) document.addEventListener(type, onWake, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('pointerdown', onPointerDown);
  document.addEventListener('keydown', onKeyDown);
  window.addEventListener(HYDRATED_EVENT, () => void onHydrated(), { once: true });
  // Listening: the browser tests wait for this before they interact (test/support/browser.ts).
  document.documentElement.dataset.early = 'true';

  return {
    stop() {
      // Read before React hydrates: it may set a select back to the option it renders.
      fields = changedFields(root);
      for (const type of WAKE_EVENTS) document.removeEventListener(type, onWake, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    },
  };
}

import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * While `open`: a pointer press outside every element of `inside`, or Escape, calls `onClose`; Escape also moves
 * the focus to `focusOnEscape` (the control that opened it). For menus and panels that lie over the page.
 */
export function useDismiss(
  open: boolean,
  onClose: () => void,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  focusOnEscape?: RefObject<HTMLElement | null>,
): void {
  // The latest callback and elements, without re-subscribing on every render (written after each render, before
  // any event can reach the listeners).
  const latest = useRef({ onClose, inside, focusOnEscape });
  useLayoutEffect(() => {
    latest.current = { onClose, inside, focusOnEscape };
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (latest.current.inside.some((ref) => ref.current?.contains(target))) return;
      latest.current.onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      latest.current.onClose();
      latest.current.focusOnEscape?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}

import { useSyncExternalStore } from 'react';
import './toaster.css';

interface Toast {
  id: number;
  message: string;
  kind: 'error' | 'info';
}

/** Default time a toast stays (spec section 9). */
const TOAST_MS = 5000;

/** At most this many at once, the newest: a form with many bad fields must not be buried under its toasts. */
const MAX_SHOWN = 3;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function dismiss(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a short message in the corner; the same message is not stacked twice while it is showing. */
export function toast(message: string, kind: Toast['kind'] = 'error', durationMs = TOAST_MS): void {
  if (toasts.some((t) => t.message === message)) return;
  const id = nextId++;
  toasts = [...toasts, { id, message, kind }].slice(-MAX_SHOWN);
  emit();
  setTimeout(() => dismiss(id), durationMs);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear; errors are announced at once, other messages politely. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toaster">
      <div role="alert" className="toaster__region">
        {list
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <p key={t.id} className="toaster__toast is-error">
              {t.message}
            </p>
          ))}
      </div>
      <div role="status" className="toaster__region">
        {list
          .filter((t) => t.kind === 'info')
          .map((t) => (
            <p key={t.id} className="toaster__toast">
              {t.message}
            </p>
          ))}
      </div>
    </div>
  );
}

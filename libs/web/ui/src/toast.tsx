import { useSyncExternalStore } from 'react';
import './toast.css';

/** 'error' is announced at once (role alert); 'info' (a success, a note) politely (role status). */
export type ToastKind = 'info' | 'error';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Default time a toast stays (spec section 9). */
export const TOAST_MS = 5000;

/** At most this many at once, the newest: a form with many bad fields must not be buried under its toasts. */
const MAX_SHOWN = 3;

let toasts: Toast[] = [];
let nextId = 1;
let defaultMs = TOAST_MS;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Sets how long an app's toasts stay unless a call says otherwise (the admin's are 2 s: spec sections 8 and 9). */
export function setToastDuration(ms: number): void {
  defaultMs = ms;
}

/**
 * Shows a short message from anywhere (also outside React); it goes by itself and does not pause on hover. The
 * same message is not stacked twice while it is showing.
 */
export function toast(message: string, kind: ToastKind = 'info', durationMs = defaultMs): void {
  if (toasts.some((t) => t.message === message)) return;
  const id = nextId++;
  toasts = [...toasts, { id, message, kind }].slice(-MAX_SHOWN);
  emit();
  setTimeout(() => dismiss(id), durationMs);
}

/** Takes a message down before its time, e.g. a form's complaint once the shopper has fixed what it named. */
export function dismissToast(message: string): void {
  const showing = toasts.filter((t) => t.message === message);
  for (const t of showing) dismiss(t.id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function Region({ list, kind, role }: { list: Toast[]; kind: ToastKind; role: 'alert' | 'status' }) {
  return (
    <div role={role} className="toaster__region">
      {list
        .filter((t) => t.kind === kind)
        .map((t) => (
          <p key={t.id} className={`toaster__toast${kind === 'error' ? ' is-error' : ''}`}>
            {t.message}
          </p>
        ))}
    </div>
  );
}

/** Where toasts appear (one per screen); each app places it in its own CSS. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toaster">
      <Region list={list} kind="error" role="alert" />
      <Region list={list} kind="info" role="status" />
    </div>
  );
}

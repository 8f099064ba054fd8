import { create } from 'zustand';
import './toast.css';

interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'error';
}

interface ToastState {
  toasts: Toast[];
  show: (text: string, tone?: Toast['tone']) => void;
}

/** Product, order and control toasts last 2 s and do not pause on hover (spec sections 8 and 9). */
const TOAST_MS = 2000;
let nextId = 1;

export const useToasts = create<ToastState>((set) => ({
  toasts: [],
  show: (text, tone = 'success') => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, text, tone }] }));
    setTimeout(() => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })), TOAST_MS);
  },
}));

/** Shows a toast from anywhere (also outside React). */
export function toast(text: string, tone?: Toast['tone']): void {
  useToasts.getState().show(text, tone);
}

export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <p key={t.id} className={`toast toast--${t.tone}`}>
          {t.text}
        </p>
      ))}
    </div>
  );
}

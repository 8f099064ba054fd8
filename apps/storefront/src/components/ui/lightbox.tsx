import { type ReactNode, useEffect, useRef } from 'react';
import './lightbox.css';

interface LightboxProps {
  label: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog (native <dialog>: focus kept inside, Escape closes) showing one image or video. */
export function Lightbox({ label, onClose, children }: LightboxProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="lightbox"
      aria-label={label}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="lightbox__content">
        <button type="button" className="lightbox__close" onClick={onClose}>
          Close
        </button>
        {children}
      </div>
    </dialog>
  );
}

import { useId } from 'react';
import './file-picker.css';

interface FilePickerProps {
  /** The button's words, which also name the file input for assistive technology ("Upload Main Image"). */
  label: string;
  /** What was last uploaded, or that nothing was; shown beside the button and read with it. */
  status: string;
  multiple?: boolean;
  disabled?: boolean;
  /** An error line's id, read after the status. */
  errorId?: string;
  onFiles: (files: File[]) => void;
}

/**
 * A labelled button over the native file input. The browser's own control says "No file chosen" even after
 * an upload (the input is cleared so the same file can be picked again); this one says what was uploaded.
 * The input stays in the page, focusable and named, so the keyboard and screen readers use it as before.
 */
export function FilePicker({ label, status, multiple, disabled, errorId, onFiles }: FilePickerProps) {
  const id = useId();
  return (
    <div className="file-picker">
      <input
        id={id}
        className="file-picker__input visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple={multiple}
        disabled={disabled}
        aria-describedby={[`${id}-status`, errorId].filter(Boolean).join(' ')}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <label htmlFor={id} className="button button--secondary file-picker__button" aria-disabled={disabled || undefined}>
        {label}
      </label>
      <span id={`${id}-status`} className="file-picker__status">
        {status}
      </span>
    </div>
  );
}

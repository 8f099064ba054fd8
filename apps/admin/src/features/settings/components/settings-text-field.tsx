import { useId } from 'react';

interface SettingsTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  type?: 'text' | 'tel' | 'url';
  inputMode?: 'text' | 'tel' | 'url' | 'decimal' | 'numeric';
  /** Every settings field is required but the VAT number (issue 17). */
  required?: boolean;
  autoComplete?: string;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  hint?: string;
}

/** One labelled, required field with its error under it (tied to it for screen readers). */
export function SettingsTextField({ label, value, onChange, onBlur, error, type = 'text', inputMode, autoComplete, rows, hint, required = true }: SettingsTextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    className: 'field__input',
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur,
  } as const;
  return (
    <div className="field">
      {/* Label and hint as one block: side by side in a grid, inputs line up whether or not a field has a hint. */}
      <div className="field__head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        )}
      </div>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

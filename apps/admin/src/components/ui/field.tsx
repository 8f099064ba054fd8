import type { ReactNode } from 'react';

/** What a labelled control says around it; the control takes `id`, its hint `${id}-hint` and its error `${id}-error`. */
export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Tied to the control for screen readers; between label and control, or under the control with `hintBelow`. */
  hint?: ReactNode;
  hintBelow?: boolean;
  /** Under the control, which is then marked invalid (a form focuses its first invalid field, so no alert). */
  error?: ReactNode;
  /** A label for screen readers only, where the placeholder already says it on screen. */
  labelHidden?: boolean;
  /** The wrapper's class; `field` unless the layout needs another. */
  className?: string;
}

/** The control's aria-invalid and aria-describedby for its hint and its error. */
export function fieldAria({ id, hint, error }: Pick<FieldProps, 'id' | 'hint' | 'error'>) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** The control's aria-invalid and aria-describedby for an error shown apart from it (after the form's button). */
export function errorAria(errorId: string, error: unknown) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const;
}

/** One labelled control (the children) with its hint and error: the admin's form field. */
export function Field({ id, label, hint, hintBelow, error, labelHidden, className = 'field', children }: FieldProps & { children: ReactNode }) {
  const hintLine = hint ? (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={className}>
      <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {!hintBelow && hintLine}
      {children}
      {hintBelow && hintLine}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

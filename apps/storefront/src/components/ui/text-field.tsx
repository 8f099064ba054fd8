import type { InputHTMLAttributes, ReactNode } from 'react';
import './text-field.css';

/** What a labelled control says around it; the control takes `id`, its hint `${id}-hint` and its error `${id}-error`. */
interface FieldText {
  id: string;
  /** Under the control, tied to it for screen readers. */
  hint?: ReactNode;
  /** Under the control (and its hint), which is then marked invalid. */
  error?: string;
}

/** The control's aria-invalid and aria-describedby for its hint and its error. */
export function fieldAria({ id, hint, error }: FieldText) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** A control's hint and error lines, with the ids `fieldAria` points at. */
export function FieldNotes({ id, hint, error }: FieldText) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

type TextFieldProps = FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & { label: ReactNode; onValue: (value: string) => void };

/** One labelled input with its hint and error: the storefront's form field (contact, "Notify me"). */
export function TextField({ id, label, hint, error, onValue, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...fieldAria({ id, hint, error })} {...input} onChange={(event) => onValue(event.target.value)} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A tick box with its label beside it and its error under it (a consent: sent as `on` when ticked). */
export function CheckField({ id, name, checked, error, onChecked, children }: FieldText & { name: string; checked: boolean; onChecked: (checked: boolean) => void; children: ReactNode }) {
  return (
    <>
      <div className="check-field">
        <input id={id} name={name} type="checkbox" value="on" checked={checked} {...fieldAria({ id, error })} onChange={(event) => onChecked(event.target.checked)} />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldNotes id={id} error={error} />
    </>
  );
}

/** A form's outcome line (announced): the failure in the error colour, else what was done. */
export function FormStatus({ failure, done }: { failure: string; done: string }) {
  return (
    <p role="status" className={failure ? 'form-status form-status--failed' : 'form-status'}>
      {failure || done}
    </p>
  );
}

import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { Field, fieldAria, type FieldProps } from './field';

type Own = 'id' | 'className';

interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, Own> {
  inputRef?: Ref<HTMLInputElement>;
  /** The typed text, for a controlled field (onChange still gets the event). */
  onValue?: (value: string) => void;
}

/** One labelled input with its hint and error. */
export function TextField({ id, label, hint, hintBelow, error, labelHidden, className, inputRef, onValue, onChange, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} hintBelow={hintBelow} error={error} labelHidden={labelHidden} className={className}>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        {...fieldAria({ id, hint, error })}
        onChange={onValue ? (e) => onValue(e.target.value) : onChange}
        {...input}
      />
    </Field>
  );
}

interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Own | 'onChange'> {
  onValue: (value: string) => void;
}

/** One labelled textarea with its hint and error. */
export function TextAreaField({ id, label, hint, hintBelow, error, labelHidden, className, onValue, ...area }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} hintBelow={hintBelow} error={error} labelHidden={labelHidden} className={className}>
      <textarea id={id} className="field__input" {...fieldAria({ id, hint, error })} onChange={(e) => onValue(e.target.value)} {...area} />
    </Field>
  );
}

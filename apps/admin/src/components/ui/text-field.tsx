import type { TextareaHTMLAttributes } from 'react';
import { Field, fieldAria, type FieldProps } from './field';
import { Input, type InputProps } from './input';

type Own = 'id' | 'className';

type TextFieldProps = FieldProps & Omit<InputProps, Own>;

/** One labelled input with its hint and error. */
export function TextField({ id, label, hint, hintBelow, error, labelHidden, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} hintBelow={hintBelow} error={error} labelHidden={labelHidden} className={className}>
      <Input id={id} {...fieldAria({ id, hint, error })} {...input} />
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

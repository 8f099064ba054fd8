import type { SelectHTMLAttributes } from 'react';
import { Field, fieldAria, type FieldProps } from './field';

/** A choice: the value sent, and the words shown. */
export type Choice = readonly [value: string | number, label: string];

interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> {
  choices: readonly Choice[];
  /** The value's change, for a controlled field. */
  onValue?: (value: string) => void;
}

/** One labelled drop-down with its choices. */
export function SelectField({ id, label, hint, hintBelow, error, labelHidden, className, choices, onValue, onChange, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} hintBelow={hintBelow} error={error} labelHidden={labelHidden} className={className}>
      <select id={id} className="field__input" {...fieldAria({ id, hint, error })} onChange={onValue ? (e) => onValue(e.target.value) : onChange} {...select}>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

import type { InputHTMLAttributes, Ref } from 'react';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  inputRef?: Ref<HTMLInputElement>;
  /** The typed text, for a controlled input (onChange still gets the event). */
  onValue?: (value: string) => void;
}

/** The admin's text input, drawn as a form field's. */
export function Input({ inputRef, onValue, onChange, ...input }: InputProps) {
  return <input ref={inputRef} className="field__input" onChange={onValue ? (e) => onValue(e.target.value) : onChange} {...input} />;
}

/** The attributes of an input for a whole number from `min` (to `max`): the phone shows digits. */
export function wholeNumber(min: number, max?: number) {
  return { type: 'number', inputMode: 'numeric', min, max, step: 1 } as const;
}

/** A list's search input: the gateway takes up to 100 characters. */
export function SearchInput(props: Omit<InputProps, 'type'>) {
  return <Input type="search" maxLength={100} {...props} />;
}

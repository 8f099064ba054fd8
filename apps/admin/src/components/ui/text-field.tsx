import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-describedby'> {
  id: string;
  label: string;
  /** Under the label, tied to the input for screen readers. */
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** One labelled input, with its hint between label and input: the admin's form field. */
export function TextField({ id, label, hint, inputRef, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input ref={inputRef} id={id} className="field__input" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </div>
  );
}

import { sameProductType } from '@shop/rules';
import { useId, useState } from 'react';

/** The select's value for "Add a new type". */
export const NEW_TYPE = '__new__';

interface TypeFieldProps {
  /** The types the shop has (hidden products' too). */
  types: string[];
  /** What the select shows: a type, '' (none chosen yet) or NEW_TYPE. */
  choice: string;
  /** The name typed for a new type. */
  newType: string;
  onChange: (next: { choice: string; newType: string }) => void;
  error?: string;
}

/**
 * The product's type (issue 26), chosen from the types the shop has, so a typo cannot make a new filter choice in the
 * shop. A new type is added on purpose ("Add a new type", then its name); a name that only re-spells an existing type
 * (case, spaces) chooses that type instead, and says so.
 */
export function TypeField({ types, choice, newType, onChange, error }: TypeFieldProps) {
  const id = useId();
  const [note, setNote] = useState<string | null>(null);
  const adding = choice === NEW_TYPE;
  const errorId = `${id}-error`;

  /** A new name that is an existing type in other letters or spacing becomes that type. */
  function settle(name: string) {
    const existing = sameProductType(types, name);
    if (!existing) return;
    onChange({ choice: existing, newType: '' });
    setNote(`“${name.trim()}” is already a type, so ${existing} is chosen.`);
  }

  return (
    <div className="field type-field">
      <label className="field__label" htmlFor={`${id}-choice`}>
        Type
      </label>
      <select
        id={`${id}-choice`}
        className="field__input"
        value={choice}
        required
        aria-invalid={error && !adding ? true : undefined}
        aria-describedby={error && !adding ? errorId : undefined}
        onChange={(e) => {
          setNote(null);
          onChange({ choice: e.target.value, newType: e.target.value === NEW_TYPE ? newType : '' });
        }}
      >
        <option value="">Choose a type</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
        <option value={NEW_TYPE}>Add a new type…</option>
      </select>
      {adding && (
        <div className="type-field__new">
          <label className="field__label" htmlFor={`${id}-new`}>
            Name of the new type
          </label>
          <input
            id={`${id}-new`}
            className="field__input"
            value={newType}
            maxLength={60}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-new-hint${error ? ` ${errorId}` : ''}`}
            onChange={(e) => onChange({ choice: NEW_TYPE, newType: e.target.value })}
            onBlur={(e) => settle(e.target.value)}
          />
          <p id={`${id}-new-hint`} className="field__hint">
            Shoppers see it as a choice in the shop&apos;s filter, so check the spelling.
          </p>
        </div>
      )}
      {note && (
        <p className="field__hint" role="status">
          {note}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

import { MAX_OPTION_VALUES, MAX_PRODUCT_OPTIONS } from '@shop/rules';
import { type KeyboardEvent, useId } from 'react';
import { Input } from '../../../components/ui/input';
import { combinationCount, type OptionDraft, withPending } from '../utils/option-drafts';
import './options-editor.css';

interface OptionsEditorProps {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  /** The server's or the shared rules' message about the options, shown under them. */
  error?: string;
}

/**
 * The product's options (issue 28): up to three (Size, Shade, Scent), each with its values. Saving the product makes
 * one variant per combination on the server, keeping the ones that exist.
 */
export function OptionsEditor({ options, onChange, error }: OptionsEditorProps) {
  const id = useId();
  const update = (index: number, patch: Partial<OptionDraft>) => onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  function addValue(index: number) {
    const option = options[index];
    const values = withPending(option.values, option.pending);
    update(index, { values, pending: '' });
  }

  const addOnEnter = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the value rather than submitting the whole product.
    if (event.key === 'Enter') {
      event.preventDefault();
      addValue(index);
    }
  };

  const count = combinationCount(options);
  return (
    <fieldset className="product-form__section options-editor" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>Options (up to {MAX_PRODUCT_OPTIONS})</legend>
      <p id={`${id}-hint`} className="field__hint">
        {options.length === 0
          ? 'Sold one way. Add an option such as Size, Shade or Scent when it comes in several.'
          : `Saving makes one variant for each combination: ${count} ${count === 1 ? 'variant' : 'variants'}. Once saved, set their prices and stock in the variants grid.`}
      </p>
      {options.map((option, index) => {
        const oid = `${id}-${index}`;
        const name = option.name.trim() || `Option ${index + 1}`;
        return (
          <fieldset key={index} className="options-editor__option">
            <legend className="visually-hidden">Option {index + 1}</legend>
            <div className="field">
              <label className="field__label" htmlFor={`${oid}-name`}>
                Option {index + 1} name
              </label>
              <Input id={`${oid}-name`} value={option.name} maxLength={30} placeholder="e.g. Size" onValue={(value) => update(index, { name: value })} />
            </div>
            <p className="field__label" id={`${oid}-values`}>
              Values of {name}
            </p>
            {option.values.length === 0 ? (
              <p className="field__hint">No values yet.</p>
            ) : (
              <ul className="options-editor__values" aria-labelledby={`${oid}-values`}>
                {option.values.map((value, v) => (
                  <li key={value.id ?? `new-${v}`} className="options-editor__value">
                    {value.swatch ? <span className="options-editor__swatch" style={{ background: value.swatch }} aria-hidden="true" /> : null}
                    <span>{value.label}</span>
                    <button
                      type="button"
                      className="options-editor__remove"
                      aria-label={`Remove ${value.label} from ${name}`}
                      onClick={() => update(index, { values: option.values.filter((_, i) => i !== v) })}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {option.values.length < MAX_OPTION_VALUES ? (
              <div className="options-editor__add">
                <label className="visually-hidden" htmlFor={`${oid}-new`}>
                  New value of {name}
                </label>
                <Input
                  id={`${oid}-new`}
                  value={option.pending}
                  maxLength={40}
                  placeholder={index === 0 ? 'e.g. 8 oz' : 'e.g. Cocoa'}
                  onValue={(value) => update(index, { pending: value })}
                  onKeyDown={addOnEnter(index)}
                />
                <button type="button" className="button button--secondary" onClick={() => addValue(index)}>
                  Add value<span className="visually-hidden"> to {name}</span>
                </button>
              </div>
            ) : null}
            <button type="button" className="button button--secondary options-editor__drop" onClick={() => onChange(options.filter((_, i) => i !== index))}>
              Remove option {name}
            </button>
          </fieldset>
        );
      })}
      {options.length < MAX_PRODUCT_OPTIONS ? (
        <button type="button" className="button button--secondary" onClick={() => onChange([...options, { name: '', values: [], pending: '' }])}>
          Add an option
        </button>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

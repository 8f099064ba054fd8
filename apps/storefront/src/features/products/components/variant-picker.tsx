import type { Product, ProductVariant } from '@shop/contracts';
import { VARIANT_LABEL_SEPARATOR } from '@shop/rules';
import { type FormEvent, useId } from 'react';
import { ShopImage } from '../../../components/ui/shop-image';
import { paths } from '../../../config/paths';
import { optionChoices, optionField, type ValueChoice } from '../../../lib/product-variants';
import './variant-picker.css';

interface VariantPickerProps {
  product: Pick<Product, '_id' | 'options' | 'variants'>;
  current: ProductVariant;
  /** The app's choice in place (no page load); without it the form is sent. */
  onChoose: (variant: ProductVariant) => void;
}

const STATE_TEXT: Record<ValueChoice['state'], string> = { available: '', 'sold-out': ' (sold out)', unavailable: '' };

/**
 * A value's button: its label, or for a shade its colour or picture (the label then said to screen readers, shown on
 * hover and in the legend once chosen), and why it is struck out or dashed.
 */
function ValueButton({ name, choice, otherLabels, onChoose }: { name: string; choice: ValueChoice; otherLabels: string; onChoose: () => void }) {
  const id = useId();
  const { value, state } = choice;
  const swatch = Boolean(value.swatch || value.image);
  return (
    <li className={`variant-picker__value is-${state}${swatch ? ' is-swatch' : ''}`}>
      <input
        id={id}
        className="variant-picker__radio"
        type="radio"
        name={name}
        value={value.id}
        checked={choice.checked}
        // Before the app runs, a choice sends the form (lib/submit-on-change.ts); the app then answers it in place.
        data-submit-on-change=""
        onChange={onChoose}
      />
      <label htmlFor={id} className="variant-picker__label" title={swatch ? value.label : undefined}>
        {value.swatch ? (
          <span className="variant-picker__swatch" style={{ backgroundColor: value.swatch }} aria-hidden="true" />
        ) : value.image ? (
          <ShopImage className="variant-picker__thumb" src={value.image} sizes="28px" alt="" width={28} height={28} loading="lazy" />
        ) : null}
        <span className={swatch ? 'variant-picker__text visually-hidden' : 'variant-picker__text'}>{value.label}</span>
        <span className="visually-hidden">{STATE_TEXT[state]}</span>
        {state === 'unavailable' && otherLabels && <span className={swatch ? 'visually-hidden' : 'variant-picker__note'}> not in {otherLabels}</span>}
      </label>
    </li>
  );
}

/**
 * The product's options (issue 28) as a GET form of radio buttons, one fieldset per option. Without scripts its
 * Choose button sends the values, which the page's loader turns into `?variant=…` (product-loader.ts); before the
 * app runs a choice sends the form itself; the app changes the variant in place. A sold-out value is struck out and
 * still chosen (the page then offers "Notify me"); a value not made with the other choices is dashed, and choosing it
 * changes them.
 */
export function VariantPicker({ product, current, onChoose }: VariantPickerProps) {
  const options = optionChoices(product, current);
  const submit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <form className="variant-picker" method="get" action={paths.product(product._id)} onSubmit={submit}>
      <input type="hidden" name="variant" value={current._id} />
      {options.map((option, index) => {
        const otherLabels = options
          .filter((_, i) => i !== index)
          .map((other) => other.chosen)
          .join(VARIANT_LABEL_SEPARATOR);
        return (
          <fieldset key={option.optionId} className="variant-picker__option">
            <legend className="variant-picker__legend">{option.name}</legend>
            <ul className="variant-picker__values">
              {option.values.map((choice) => (
                <ValueButton
                  key={choice.value.id}
                  name={optionField(option.optionId)}
                  choice={choice}
                  otherLabels={otherLabels}
                  onChoose={() => choice.leadsTo && onChoose(choice.leadsTo)}
                />
              ))}
              {/* A shade's button shows only its colour: the chosen one's name is written after them (screen readers read the radio's). */}
              {option.values.some((choice) => choice.value.swatch || choice.value.image) && (
                <li className="variant-picker__chosen" aria-hidden="true">
                  {option.chosen}
                  {option.values.find((choice) => choice.checked)?.state === 'sold-out' ? ' (sold out)' : ''}
                </li>
              )}
            </ul>
          </fieldset>
        );
      })}
      <noscript>
        <button type="submit" className="button button--secondary button--small">
          Choose
        </button>
      </noscript>
    </form>
  );
}

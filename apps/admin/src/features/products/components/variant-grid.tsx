import type { Product, ProductVariant } from '@shop/contracts';
import { MAX_SKU_LENGTH } from '@shop/rules';
import { toast } from '@shop/web-ui';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router-dom';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input, wholeNumber } from '../../../components/ui/input';
import { formatMoneyInput } from '../../../lib/money-input';
import { BASE_FIELD, type BulkIntent, cellName, LOADED_FIELD, productInputOf, type VariantColumn, type VariantGridResult, type VariantRowErrors } from '../utils/variant-grid-form';
import './variant-grid.css';

const money = (n: number) => (n ? formatMoneyInput(String(n)) : '');

interface CellProps {
  id: string;
  variant: ProductVariant;
  column: VariantColumn;
  /** The column's name, shown beside the input on a phone (the table's header says it on a wider screen). */
  title: string;
  errors?: VariantRowErrors;
  children: (aria: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** One input of a row, labelled with its column and its variant for screen readers ("Price of 8 oz / Cocoa"). */
function Cell({ id, variant, column, title, errors, children }: CellProps) {
  const inputId = `${id}-${variant._id}-${column}`;
  const error = errors?.[column];
  return (
    <td className="variant-grid__cell" data-column={column}>
      {/* The column's name shows above the input on a phone (the table's header says it on a wide screen); the label names the cell. */}
      <span className="variant-grid__caption" aria-hidden="true">
        {title}
      </span>
      <label className="visually-hidden" htmlFor={inputId}>
        {title} of {variant.label}
      </label>
      {children({
        id: inputId,
        name: cellName(variant._id, column),
        ...(error ? { 'aria-invalid': true, 'aria-describedby': `${inputId}-error` } : {}),
      })}
      {error ? (
        <p id={`${inputId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </td>
  );
}

/** The product's pictures to choose from for a variant, and the variant's own if it has another. */
function pictureChoices(product: Product, variant: ProductVariant): Array<{ value: string; label: string }> {
  const pictures = [product.image, ...product.subimages].map((url, i) => ({ value: url, label: i === 0 ? 'Picture 1 (main)' : `Picture ${i + 1}` }));
  const own = variant.image && !pictures.some((p) => p.value === variant.image) ? [{ value: variant.image, label: 'Its own picture' }] : [];
  return [{ value: '', label: "The product's" }, ...pictures, ...own];
}

/** The picture select with a small preview of the one chosen. */
function PictureCell(props: Omit<CellProps, 'children' | 'column' | 'title'> & { product: Product }) {
  const { product, variant } = props;
  const [chosen, setChosen] = useState(variant.image ?? '');
  return (
    <Cell {...props} column="image" title="Picture">
      {(aria) => (
        <span className="variant-grid__picture">
          <img src={chosen || product.image} alt="" width={40} height={40} />
          <select className="field__input" {...aria} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {pictureChoices(product, variant).map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </span>
      )}
    </Cell>
  );
}

/** One bulk action: a labelled box and its button, a form of its own so Enter in the box does this and nothing else. */
/** The grid's two changes to every variant, each its own small form. */
const BULK_ACTIONS: Array<{ intent: BulkIntent; label: string; button: string; hint: string; numeric: boolean; defaultValue?: string }> = [
  { intent: 'set-prices', label: 'Set all prices (TT$)', button: 'Set all prices', hint: 'Every variant gets this price.', numeric: false },
  { intent: 'add-stock', label: 'Add to all stock', button: 'Add to all stock', hint: 'Adds this many to each variant, recorded as a restock.', numeric: true, defaultValue: '10' },
];

function BulkForm({ intent, label, button, hint, defaultValue, error, onRun, busy, numeric }: {
  intent: BulkIntent;
  label: string;
  button: string;
  hint: string;
  defaultValue?: string;
  error?: string;
  busy: boolean;
  numeric: boolean;
  onRun: (intent: BulkIntent, value: string) => void;
}) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onRun(intent, String(new FormData(event.currentTarget).get(intent) ?? ''));
  }
  return (
    <form className="variant-bulk__form" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <div className="variant-bulk__row">
        <Input
          id={id}
          name={intent}
          defaultValue={defaultValue}
          {...(numeric ? wholeNumber(1) : { inputMode: 'decimal', onBlur: (e) => (e.target.value = formatMoneyInput(e.target.value)) })}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {button}
        </button>
      </div>
      <FormAlert id={`${id}-error`} message={error} />
    </form>
  );
}

/**
 * The variants grid (issue 28): one row per variant with its price, old price, stock, SKU, picture and whether it is
 * on sale; a table on a wide screen, a card per variant on a phone. Saving sends only what changed; "set all prices"
 * and "add N to all stock" are done by the server on every variant, after the grid's own changes are saved.
 */
export function VariantGrid({ product }: { product: Product }) {
  const id = useId();
  const fetcher = useFetcher<VariantGridResult>();
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failed = result && !result.ok ? result : undefined;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (result?.ok) toast(result.text);
    else if (result && Object.keys(result.rows).length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);

  /** A bulk action posts the grid too, so that what was typed in it is saved first rather than lost. */
  function runBulk(intent: BulkIntent, value: string) {
    if (!form.current) return;
    const data = new FormData(form.current);
    data.set('intent', intent);
    data.set(intent, value);
    void fetcher.submit(data, { method: 'post' });
  }

  const rowErrors = (variant: ProductVariant) => failed?.rows[variant._id];
  const bulkError = (intent: BulkIntent) => (failed?.intent === intent ? failed.bulk : undefined);
  const topMessage = failed && failed.message !== failed.bulk ? failed.message : undefined;

  return (
    <section className="variant-grid card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="variant-grid__title">
        Variants ({product.variants.length})
      </h2>
      <p className="field__hint">
        One for each combination of the options above; add or remove values there and press Update to change them. Shoppers do not see a variant
        that is not on sale.
      </p>
      <div className="variant-bulk" role="group" aria-label="Change every variant">
        {BULK_ACTIONS.map((action) => (
          <BulkForm key={action.intent} {...action} error={bulkError(action.intent)} busy={busy} onRun={runBulk} />
        ))}
      </div>
      <FormAlert message={topMessage} className="variant-grid__alert" />
      {/* Drawn again from the saved variants after each save (the key), keeping what was typed while a save fails. */}
      <fetcher.Form key={JSON.stringify(product.variants)} ref={form} method="post" className="variant-grid__form" noValidate aria-label={`Variants of ${product.name}`}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name={LOADED_FIELD} value={JSON.stringify(product.variants)} />
        <input type="hidden" name={BASE_FIELD} value={JSON.stringify(productInputOf(product))} />
        <div className="variant-grid__scroll">
          <table className="variant-grid__table">
            <caption className="visually-hidden">Variants of {product.name}: price, old price, stock, SKU, picture and whether each is on sale</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">Price (TT$)</th>
                <th scope="col">Old price (TT$)</th>
                <th scope="col">Stock</th>
                <th scope="col">SKU</th>
                <th scope="col">Picture</th>
                <th scope="col">On sale</th>
              </tr>
            </thead>
            <tbody>
              {product.variants.map((variant) => {
                const errors = rowErrors(variant);
                const cell = { id, variant, errors };
                const moneyBlur = (e: { target: HTMLInputElement }) => (e.target.value = formatMoneyInput(e.target.value));
                return (
                  <tr key={variant._id} className={errors ? 'variant-grid__row variant-grid__row--invalid' : 'variant-grid__row'}>
                    <th scope="row" className="variant-grid__name">
                      {variant.label}
                      {variant.countInStock < 1 ? <span className="badge badge--out">Out of stock</span> : null}
                      {errors?.row ? <span className="field__error variant-grid__row-error">{errors.row}</span> : null}
                    </th>
                    <Cell {...cell} column="price" title="Price (TT$)">
                      {(aria) => <input className="field__input" {...aria} inputMode="decimal" defaultValue={money(variant.price)} onBlur={moneyBlur} />}
                    </Cell>
                    <Cell {...cell} column="oldprice" title="Old price (TT$)">
                      {(aria) => <input className="field__input" {...aria} inputMode="decimal" defaultValue={money(variant.oldprice)} onBlur={moneyBlur} />}
                    </Cell>
                    <Cell {...cell} column="countInStock" title="Stock">
                      {(aria) => <input className="field__input" {...aria} {...wholeNumber(0)} defaultValue={String(variant.countInStock)} />}
                    </Cell>
                    <Cell {...cell} column="sku" title="SKU">
                      {(aria) => <input className="field__input" {...aria} maxLength={MAX_SKU_LENGTH} defaultValue={variant.sku} autoComplete="off" />}
                    </Cell>
                    <PictureCell {...cell} product={product} />
                    <td className="variant-grid__cell variant-grid__cell--active" data-column="active">
                      <span className="check-field">
                        <input id={`${id}-${variant._id}-active`} type="checkbox" name={cellName(variant._id, 'active')} defaultChecked={variant.active} />
                        <span className="variant-grid__caption" aria-hidden="true">
                          On sale
                        </span>
                        <label className="visually-hidden" htmlFor={`${id}-${variant._id}-active`}>
                          On sale — {variant.label}
                        </label>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Save variants'}
        </button>
      </fetcher.Form>
    </section>
  );
}

import { adminUpdateProduct } from '@shop/api-client';
import type { ProductSummary } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { ProductInputSchema } from '@shop/rules';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from '@shop/web-ui';
import { errorMessage } from '../../../lib/error-message';

interface RestockCardProps {
  product: ProductSummary;
  onSaved: () => void;
  /** Shown beside 'Edit Stock': the screen passes the product's remove (delete) button. */
  actions?: ReactNode;
}

/** One product to restock; its stock is edited in place and saved with the whole product (PUT). */
export function RestockCard({ product, onSaved, actions }: RestockCardProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [stock, setStock] = useState(String(product.countInStock));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = ProductInputSchema.safeParse({ ...product, countInStock: stock.trim() === '' ? undefined : Number(stock) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Count in stock is not valid');
      return;
    }
    setBusy(true);
    try {
      await adminUpdateProduct(product._id, parsed.data);
      toast('Product Updated Successfully');
      setEditing(false);
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="restock-card card">
      <img className="restock-card__image" src={product.image} alt="" width={96} height={96} loading="lazy" />
      <div className="restock-card__text">
        <h2 className="restock-card__name">{product.name}</h2>
        <p className="restock-card__meta">
          {product.type} · {formatTTD(product.price)}
        </p>
        {editing ? (
          <form className="restock-card__form" onSubmit={(e) => void save(e)}>
            <label className="field__label" htmlFor={`${id}-stock`}>
              Count In Stock
            </label>
            <input
              id={`${id}-stock`}
              className="field__input"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={stock}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setStock(e.target.value)}
            />
            <div className="restock-card__buttons">
              <button type="submit" className="button" disabled={busy}>
                Save
              </button>
              <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <>
            <p className="restock-card__stock">
              In stock: <strong>{product.countInStock}</strong>
            </p>
            <div className="restock-card__buttons">
              <button type="button" className="button button--secondary" aria-label={`Edit stock of ${product.name}`} onClick={() => setEditing(true)}>
                Edit Stock
              </button>
              {actions}
            </div>
          </>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

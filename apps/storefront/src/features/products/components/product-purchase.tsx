import { type FormEvent, type MouseEvent, useId, useState } from 'react';
import { paths } from '../../../config/paths';
import { clampQty } from '../../../config/quantity';
import './product-purchase.css';

interface ProductPurchaseProps {
  productId: string;
  /** The variant bought (issue 28), sent with both forms; none for a product without options. */
  variantId?: string;
  countInStock: number;
  /** Quantity to start with: the page's `?qty=` (the stepper without the app), else what is in the cart. */
  initialQty?: number;
  onAddToCart: (qty: number) => void;
  onBuyNow: (qty: number) => void;
}

/**
 * Stock status, a quantity stepper bounded by the stock, and Add to Cart / Buy Now (only when in stock). Plain
 * HTML first: the buttons send a GET form to /cart or /checkout (`?add={id}&variant={variant}&qty={n}`, which those screens add to
 * the cart), and − / + are buttons of a second GET form that reloads the product page with the next quantity. The
 * app does the same without a page load.
 */
export function ProductPurchase({ productId, variantId, countInStock, initialQty = 1, onAddToCart, onBuyNow }: ProductPurchaseProps) {
  const inStock = countInStock > 0;
  // What the box shows, as typed (a half-typed number is not corrected under the shopper's fingers); the
  // quantity used is that, bounded by the stock.
  const [typed, setTyped] = useState(String(clampQty(initialQty, countInStock)));
  const qty = clampQty(Number(typed), countInStock);
  const ids = { qty: useId(), stepper: useId() };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const chosen = clampQty(Number(new FormData(event.currentTarget).get('qty')), countInStock);
    if (submitter?.getAttribute('formaction') === paths.checkout) onBuyNow(chosen);
    else onAddToCart(chosen);
  };
  const step = (by: number) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setTyped(String(clampQty(qty + by, countInStock)));
  };

  return (
    <div className="product-purchase">
      <p className={`product-purchase__status ${inStock ? 'is-in-stock' : 'is-out'}`}>
        Status: <strong>{inStock ? 'In Stock' : 'Not In Stock.'}</strong>
        {inStock && countInStock <= 5 && <span className="product-purchase__few"> (only {countInStock} left)</span>}
      </p>
      {inStock && (
        <>
          {/* The stepper's own form: − and + send only their next quantity, back to this page. */}
          <form id={ids.stepper} action={paths.product(productId)} method="get" hidden>
            {variantId && <input type="hidden" name="variant" value={variantId} />}
          </form>
          <form className="product-purchase__form" action={paths.cart} method="get" onSubmit={submit}>
            <input type="hidden" name="add" value={productId} />
            {variantId && <input type="hidden" name="variant" value={variantId} />}
            <div className="qty-stepper">
              <label htmlFor={ids.qty} className="qty-stepper__label">
                Quantity
              </label>
              <div className="qty-stepper__controls">
                <button
                  type="submit"
                  form={ids.stepper}
                  name="qty"
                  value={qty - 1}
                  className="qty-stepper__step"
                  aria-label="One less"
                  disabled={qty <= 1}
                  onClick={step(-1)}
                >
                  −
                </button>
                <input
                  id={ids.qty}
                  name="qty"
                  className="qty-stepper__input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={countInStock}
                  step={1}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  onBlur={() => setTyped(String(qty))}
                />
                <button
                  type="submit"
                  form={ids.stepper}
                  name="qty"
                  value={qty + 1}
                  className="qty-stepper__step"
                  aria-label="One more"
                  disabled={qty >= countInStock}
                  onClick={step(1)}
                >
                  +
                </button>
              </div>
            </div>
            <div className="product-purchase__actions">
              <button type="submit" className="button">
                Add to Cart
              </button>
              <button type="submit" formAction={paths.checkout} className="button button--secondary">
                Buy Now
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}

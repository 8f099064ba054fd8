import { useId, useState } from 'react';
import { QTY_CHOICES_MAX, qtyChoices } from '../../../config/quantity';

interface ProductPurchaseProps {
  countInStock: number;
  /** Quantity to start with, e.g. what is already in the cart. */
  initialQty?: number;
  onAddToCart: (qty: number) => void;
  onBuyNow: (qty: number) => void;
}

/** Stock status, a quantity from 1 to the stock count (at most QTY_CHOICES_MAX), and the two buttons (only when in stock). */
export function ProductPurchase({ countInStock, initialQty = 1, onAddToCart, onBuyNow }: ProductPurchaseProps) {
  const inStock = countInStock > 0;
  const [qty, setQty] = useState(Math.min(Math.max(initialQty, 1), Math.max(Math.min(countInStock, QTY_CHOICES_MAX), 1)));
  const qtyId = useId();

  return (
    <div className="product-purchase">
      <p className={`product-purchase__status ${inStock ? 'is-in-stock' : 'is-out'}`}>
        Status: <strong>{inStock ? 'In Stock' : 'Not In Stock.'}</strong>
      </p>
      {inStock && (
        <>
          <div className="field">
            <label htmlFor={qtyId}>Quantity</label>
            <select id={qtyId} value={qty} onChange={(event) => setQty(Number(event.target.value))}>
              {qtyChoices(countInStock).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          <div className="product-purchase__actions">
            <button type="button" className="button" onClick={() => onAddToCart(qty)}>
              Add to Cart
            </button>
            <button type="button" className="button button--secondary" onClick={() => onBuyNow(qty)}>
              Buy Now
            </button>
          </div>
        </>
      )}
    </div>
  );
}

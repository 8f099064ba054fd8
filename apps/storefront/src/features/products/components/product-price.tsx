import { formatTTD } from '@shop/money';
import './product-price.css';

interface ProductPriceProps {
  price: number;
  /** The price before a reduction; 0 means there was none and nothing is struck through. */
  oldprice: number;
  /** The product's variants cost more than `price` (issue 28): "from TT$…". */
  from?: boolean;
}

export function ProductPrice({ price, oldprice, from = false }: ProductPriceProps) {
  return (
    <p className="product-price">
      <span className="product-price__now">
        {from ? 'from ' : ''}
        {formatTTD(price)}
      </span>
      {oldprice > 0 && (
        <del className="product-price__was">
          <span className="visually-hidden">Was </span>
          {formatTTD(oldprice)}
        </del>
      )}
    </p>
  );
}

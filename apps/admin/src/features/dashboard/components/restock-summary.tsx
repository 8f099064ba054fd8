import type { ProductSummary, VariantFields } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** How many items the dashboard lists before pointing to the restock screen. */
const SHOWN = 8;

/**
 * The products with stock below 1, each linked to its edit screen; the full list is on the restock screen. The
 * low-stock list (issue 17) uses it too, with its own empty text and no restock-screen link.
 */
export function RestockSummary({ products, empty = 'Nothing needs restocking.', moreOnRestock = true }: { products: Array<ProductSummary & VariantFields>; empty?: string; moreOnRestock?: boolean }) {
  if (products.length === 0) return <p>{empty}</p>;
  const shown = moreOnRestock ? products.slice(0, SHOWN) : products;
  return (
    <>
      <ul className="restock-summary">
        {shown.map((p) => (
          <li key={`${p._id}-${p.variant ?? ''}`} className="restock-summary__item">
            <img className="restock-summary__image" src={p.image} alt="" width={48} height={48} loading="lazy" />
            <span className="restock-summary__text">
              <Link to={paths.product(p._id)}>{p.name}</Link>
              <span className="restock-summary__meta">
                {p.type} · {formatTTD(p.price)} · In stock: {p.countInStock}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {moreOnRestock && products.length > SHOWN && (
        <p>
          {products.length - SHOWN} more on the <Link to={paths.restock}>restock screen</Link>.
        </p>
      )}
    </>
  );
}

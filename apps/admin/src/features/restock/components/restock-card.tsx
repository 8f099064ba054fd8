import type { RestockListItem } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { RestockForm } from './restock-form';

interface RestockCardProps {
  /** A product, or one of its variants (named as the variant, with its stock), with how many shoppers wait for it. */
  product: RestockListItem;
  /** Shown under the form: the screen passes the product's remove (delete) button. */
  actions?: ReactNode;
}

/**
 * One product to restock: its stock (out, or running low), "+N" in place (issue 26: no whole product form for a
 * delivery), and links to the product and its inventory history.
 */
export function RestockCard({ product, actions }: RestockCardProps) {
  const out = product.countInStock < 1;
  return (
    <li className="restock-card card">
      <div className="restock-card__head">
        <img className="restock-card__image" src={product.image} alt="" width={96} height={96} loading="lazy" />
        <div className="restock-card__text">
          <h2 className="restock-card__name">{product.name}</h2>
          <p className="restock-card__meta">
            {product.type} · {formatTTD(product.price)}
          </p>
          <p className="restock-card__stock">
            In stock: <strong>{product.countInStock}</strong>{' '}
            <span className={`badge badge--${out ? 'out' : 'low'}`}>{out ? 'Out of stock' : 'Running low'}</span>
          </p>
          {/* Issue 28: shoppers who asked to be told when it is back ("Notify me"); they are told once it has stock. */}
          {product.waiting ? (
            <p className="restock-card__waiting">
              {product.waiting === 1 ? '1 shopper waits' : `${product.waiting} shoppers wait`} to hear when it is back
            </p>
          ) : null}
        </div>
      </div>
      <RestockForm product={product} />
      <div className="restock-card__buttons">
        <Link className="restock-card__link" to={`${paths.product(product._id)}#inventory-history`} aria-label={`Inventory history of ${product.name}`}>
          Inventory history
        </Link>
        {actions}
      </div>
    </li>
  );
}

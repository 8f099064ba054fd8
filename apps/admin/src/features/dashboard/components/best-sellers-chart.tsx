import type { OrderStats } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The five products sold most in the range (paid orders), as bars of quantity with their revenue written out. */
export function BestSellersChart({ sellers }: { sellers: OrderStats['bestSellers'] }) {
  const id = useId();
  const max = Math.max(0, ...sellers.map((s) => s.qty));
  return (
    <figure className="chart card" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`} className="chart__title">
          Best sellers
        </h3>
        <p className="chart__summary">
          {sellers.length === 0 ? 'No paid sales in this range yet.' : sellers.length === 1 ? 'The one product sold in this range.' : `The ${sellers.length} products sold most in this range, by quantity.`}
        </p>
      </figcaption>
      {sellers.length > 0 && (
        <ol className="bar-list">
          {sellers.map((s) => (
            <li key={s.product} className="bar-list__row">
              <Link className="bar-list__label" to={paths.product(s.product)}>
                {s.name}
              </Link>
              <span className="bar-list__value">
                {s.qty} sold · {formatTTD(s.revenue)}
              </span>
              <span className="bar-list__track" aria-hidden="true">
                <span className="bar-list__bar bar-list__bar--sea" style={{ width: max > 0 ? `${(s.qty / max) * 100}%` : 0 }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}

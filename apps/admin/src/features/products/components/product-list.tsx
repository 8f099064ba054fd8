import type { ProductSummary } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { DeleteProductButton } from './delete-product-button';
import './product-list.css';

/** Search matches name, price, description, promotext and type, ignoring case. */
function matches(product: ProductSummary, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [product.name, String(product.price), formatTTD(product.price), product.description, product.promotext, product.type].some((field) =>
    field.toLowerCase().includes(q),
  );
}

/** Every product as a card with edit and delete, and a search box above them. */
export function ProductList({ products, onChanged }: { products: ProductSummary[]; onChanged: () => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const shown = products.filter((p) => matches(p, query));

  return (
    <>
      <div className="field product-search">
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          Search for a product
        </label>
        <input
          id={`${id}-search`}
          className="field__input"
          type="search"
          placeholder="Search for a product"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p className="visually-hidden" role="status">
        {shown.length} products shown
      </p>
      {shown.length === 0 ? (
        <p>No products found.</p>
      ) : (
        <ul className="product-list">
          {shown.map((product) => (
            <li key={product._id} className="product-list__item card">
              <img className="product-list__image" src={product.image} alt="" width={64} height={64} loading="lazy" />
              <div className="product-list__text">
                <h2 className="product-list__name">
                  <Link to={paths.product(product._id)}>{product.name}</Link>
                </h2>
                <p className="product-list__meta">
                  {product.type} · {formatTTD(product.price)} · Stock {product.countInStock}
                </p>
              </div>
              <div className="product-list__actions">
                <Link className="button button--secondary" to={paths.product(product._id)} aria-label={`Edit ${product.name}`}>
                  Edit
                </Link>
                <DeleteProductButton id={product._id} name={product.name} onDeleted={onChanged} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

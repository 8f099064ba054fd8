import type { ProductSummary } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ProductPrice } from './product-price';
import './product-card.css';

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first screenful load their image at once; the rest when scrolled near. */
  eager?: boolean;
}

/** Image, promotion badge, name (the link to the product), type and price. The whole card is clickable. */
export function ProductCard({ product, eager = false }: ProductCardProps) {
  const soldOut = product.countInStock < 1;
  return (
    <article className="product-card">
      <div className="product-card__media">
        <img
          className="product-card__image"
          src={product.image}
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {product.promotext && <span className="product-card__badge">{product.promotext}</span>}
      </div>
      <div className="product-card__body">
        <p className="product-card__type">{product.type}</p>
        <h3 className="product-card__name">
          <Link className="product-card__link" to={paths.product(product._id)}>
            {product.name}
          </Link>
        </h3>
        <ProductPrice price={product.price} oldprice={product.oldprice} />
        {soldOut && <p className="product-card__stock">Out of stock</p>}
      </div>
    </article>
  );
}

import type { ProductSummary } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { IMAGE_SIZES, ShopImage } from '../../../components/ui/shop-image';
import { paths } from '../../../config/paths';
import { ProductPrice } from './product-price';
import './product-card.css';

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first screenful load their image at once; the rest when scrolled near. */
  eager?: boolean;
  /** The first card of the first row on screen: its image is usually the largest paint, fetched first. */
  priority?: boolean;
  /** The card's width in its layout (the image's `sizes`). */
  sizes?: string;
}

/** Image, promotion badge, name (the link to the product), type and price. The whole card is clickable. */
export function ProductCard({ product, eager = false, priority = false, sizes = IMAGE_SIZES.productGrid }: ProductCardProps) {
  const soldOut = product.countInStock < 1;
  return (
    <article className="product-card">
      <div className="product-card__media">
        <ShopImage
          className="product-card__image"
          src={product.image}
          sizes={sizes}
          alt={product.name}
          width={400}
          height={400}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
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
        <ProductPrice price={product.price} oldprice={product.oldprice} from={product.maxPrice > product.price} />
        {soldOut && <p className="product-card__stock">Out of stock</p>}
      </div>
    </article>
  );
}

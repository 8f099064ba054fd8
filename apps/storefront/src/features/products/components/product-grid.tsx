import type { ProductSummary } from '@shop/contracts';
import { ProductCard } from './product-card';
import './product-grid.css';

const EAGER_IMAGES = 4;

export function ProductGrid({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) {
    return <p className="product-grid__empty">No products yet. Please check back soon.</p>;
  }
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < EAGER_IMAGES} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

import type { ProductSummary } from '@shop/contracts';
import { paths } from '../../../config/paths';
import { ProductGrid } from './product-grid';
import './suggested-products.css';

/**
 * Where a shopper lands on nothing (a page that does not exist, a search with no result): a search box (a plain
 * GET form the server answers) and a few of the shop's best sellers, so the visit goes on.
 */
export function SuggestedProducts({ products, searchLabel }: { products: ProductSummary[]; searchLabel?: string }) {
  return (
    <div className="suggested">
      {/* A page with a search box of its own (the products list) gives none here. */}
      {searchLabel && (
        <form className="products-search suggested__search" role="search" aria-label={searchLabel} action={paths.products} method="get">
          <label htmlFor="suggested-search" className="visually-hidden">
            Search products
          </label>
          <input id="suggested-search" name="q" className="input" type="search" placeholder="Search here!" maxLength={100} />
          <button type="submit" className="button">
            Search
          </button>
        </form>
      )}
      {products.length > 0 && (
        <section aria-labelledby="suggested-title">
          <h2 id="suggested-title" className="suggested__title">
            Popular right now
          </h2>
          <ProductGrid products={products} />
        </section>
      )}
    </div>
  );
}

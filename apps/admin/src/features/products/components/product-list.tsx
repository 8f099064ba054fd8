import type { AdminProductPage, AdminProductSummary } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ADMIN_PRODUCT_PAGE_SIZE } from '@shop/rules';
import { isFiltered, type ProductListQuery, productListHref } from '../utils/product-list-query';
import { DeleteProductButton } from './delete-product-button';
import { Pager } from '../../../components/ui/pager';
import './product-list.css';
import { TableHead } from '../../../components/ui/table-head';

function summary({ products, page, total }: AdminProductPage): string {
  const noun = total === 1 ? 'product' : 'products';
  if (total === 0 || products.length === 0) return `${total} ${noun}`;
  const first = (page - 1) * ADMIN_PRODUCT_PAGE_SIZE + 1;
  return `Showing ${first}–${first + products.length - 1} of ${total} ${noun}`;
}

/** The stock as the owner reads it: how many (across its variants, issue 28), and whether it is out or running low. */
function StockCell({ product, threshold }: { product: AdminProductSummary; threshold: number }) {
  const count = product.countInStock;
  return (
    <span className="product-table__stock">
      <span className="product-table__count">{count.toLocaleString('en-US')}</span>
      {product.variantCount > 0 ? <span className="product-table__variants">in {product.variantCount} variants</span> : null}
      {count < 1 ? (
        <span className="badge badge--out product-badge">Out of stock</span>
      ) : count <= threshold ? (
        <span className="badge badge--low product-badge">Running low</span>
      ) : null}
    </span>
  );
}

interface ProductListProps {
  result: AdminProductPage;
  query: ProductListQuery;
  onChanged: () => void;
}

/**
 * One page of the owner's products (issue 26): a table on a desktop, a card per product on a phone; a hidden
 * product is marked "Hidden". The server searched, filtered, sorted and paged it.
 */
export function ProductList({ result, query, onChanged }: ProductListProps) {
  const threshold = result.lowStockThreshold;
  return (
    <>
      <p className="product-summary" role="status">
        {summary(result)}
      </p>
      {result.products.length === 0 ? (
        <div className="product-empty">
          <p>{isFiltered(query) ? 'No products match this search and these filters.' : 'No products yet.'}</p>
          {isFiltered(query) && <Link to={productListHref({ ...query, q: '', type: '', stock: '', visibility: '', page: 1 })}>Clear the search and filters</Link>}
          {query.page > 1 && <Link to={productListHref({ ...query, page: 1 })}>Go to the first page</Link>}
        </div>
      ) : (
        <table className="product-table">
          <caption className="visually-hidden">Products, {summary(result)}</caption>
          <TableHead columns={[{ label: 'Picture', hidden: true }, 'Name', 'Type', 'Price', 'Stock', { label: 'Actions', hidden: true }]} />
          <tbody>
            {result.products.map((product) => (
              <tr key={product._id} className={product.visible ? undefined : 'product-table__row--hidden'}>
                <td className="product-table__picture">
                  <img className="product-table__image" src={product.image} alt="" width={56} height={56} loading="lazy" />
                </td>
                <td className="product-table__name">
                  <Link to={paths.product(product._id)}>{product.name}</Link>
                  {!product.visible && <span className="badge product-badge product-badge--hidden">Hidden</span>}
                </td>
                <td data-label="Type">{product.type}</td>
                <td data-label="Price">
                  {/* Issue 28: a product whose variants differ in price shows its range. */}
                  {product.maxPrice > product.price ? `${formatTTD(product.price)} – ${formatTTD(product.maxPrice)}` : formatTTD(product.price)}
                </td>
                <td data-label="Stock">
                  <StockCell product={product} threshold={threshold} />
                </td>
                <td className="product-table__actions">
                  <Link className="button button--secondary" to={paths.product(product._id)} aria-label={`Edit ${product.name}`}>
                    Edit
                  </Link>
                  <DeleteProductButton id={product._id} name={product.name} onDeleted={onChanged} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Pages of products" page={result.page} pages={result.pages} hrefOf={(page) => productListHref({ ...query, page })} />
    </>
  );
}

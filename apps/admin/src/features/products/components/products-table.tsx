import type { ProductSummary } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import './products-table.css';

/** Name, type, price and stock of every product; stock below 1 is flagged for restocking. */
export function ProductsTable({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return <p>No products yet.</p>;
  return (
    // A keyboard-focusable scroll area, so the table stays usable on a phone.
    <div className="table-scroll" role="region" aria-label="Products table" tabIndex={0}>
      <table className="products-table">
        <caption className="visually-hidden">{products.length} products, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col" className="products-table__number">
              Price
            </th>
            <th scope="col" className="products-table__number">
              Stock
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product._id}>
              <th scope="row">{product.name}</th>
              <td>{product.type}</td>
              <td className="products-table__number">{formatTTD(product.price)}</td>
              <td className="products-table__number">
                {product.countInStock < 1 ? <span className="stock-flag">{product.countInStock} · Restock</span> : product.countInStock}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

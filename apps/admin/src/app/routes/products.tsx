import { Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { ProductFilters } from '../../features/products/components/product-filters';
import { ProductList } from '../../features/products/components/product-list';
import { identityKey } from '../../lib/identity-key';
import type { productsLoader } from './products-loader';
import { Deferred } from '../../components/ui/deferred';

/** View/Edit Products (issue 26): search, filters, sort and pages answered by the server, all kept in the URL. */
export function ProductsRoute() {
  const { query, products, types } = useLoaderData<typeof productsLoader>();
  const revalidator = useRevalidator();
  return (
    <>
      <title>View/Edit Products | Island Glow Admin</title>
      <div className="page-head">
        <h1 className="page-title">View/Edit Products</h1>
        <Link className="button" to={paths.productAdd}>
          Add New Product
        </Link>
        <Link className="button button--secondary" to={paths.productImport}>Import or export (CSV)</Link>
      </div>
      <ProductFilters query={query} types={types} />
      {/* Each load draws the placeholder afresh: the list of the search before never shows under the new one. */}
      <Deferred key={identityKey(products)} resolve={products} placeholder={<Spinner label="Loading the products…" />}>
        {(result) => <ProductList result={result} query={query} onChanged={() => void revalidator.revalidate()} />}
      </Deferred>
    </>
  );
}

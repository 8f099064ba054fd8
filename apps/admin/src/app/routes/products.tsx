import { Suspense } from 'react';
import { Await, Link, useLoaderData, useRevalidator } from 'react-router-dom';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { ProductList } from '../../features/products/components/product-list';
import type { productsLoader } from './products-loader';

export function ProductsRoute() {
  const { products } = useLoaderData<typeof productsLoader>();
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
      <Suspense fallback={<Spinner />}>
        <Await resolve={products} errorElement={<LoadError placeholder={<Spinner />} />}>
          {(list) => <ProductList products={list} onChanged={() => void revalidator.revalidate()} />}
        </Await>
      </Suspense>
    </>
  );
}

import { Suspense } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { ProductList } from '../../features/products/components/product-list';
import { errorMessage } from '../../lib/error-message';
import type { productsLoader } from './products-loader';

function ProductsError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

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
      </div>
      <Suspense fallback={<Spinner />}>
        <Await resolve={products} errorElement={<ProductsError />}>
          {(list) => <ProductList products={list} onChanged={() => void revalidator.revalidate()} />}
        </Await>
      </Suspense>
    </>
  );
}

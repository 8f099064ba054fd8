import { Suspense } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { ProductsTable } from '../../features/products/components/products-table';
import { ProductsTableSkeleton } from '../../features/products/components/products-table-skeleton';
import { errorMessage } from '../../lib/error-message';
import type { dashboardLoader } from './dashboard-loader';
import './dashboard.css';

function ProductsError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

export function DashboardRoute() {
  const { products } = useLoaderData<typeof dashboardLoader>();
  return (
    <>
      <title>Shop admin | Island Glow</title>
      <h1 className="page-title">Shop admin</h1>
      <p>
        <Link to={paths.restock}>Items In Need of Restocking</Link>
      </p>
      <section aria-labelledby="products-heading">
        <h2 id="products-heading" className="section-title">
          Products
        </h2>
        <Suspense fallback={<ProductsTableSkeleton />}>
          <Await resolve={products} errorElement={<ProductsError />}>
            {(list) => <ProductsTable products={list} />}
          </Await>
        </Suspense>
      </section>
    </>
  );
}

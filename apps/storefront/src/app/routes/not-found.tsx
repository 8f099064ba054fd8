import type { ProductSummary } from '@shop/contracts';
import { Suspense } from 'react';
import { Await, Link, useLoaderData } from 'react-router-dom';
import { paths } from '../../config/paths';
import { SuggestedProducts } from '../../features/products/components/suggested-products';
import type { notFoundLoader } from './suggestions-loader';
import './not-found.css';

export function NotFoundRoute() {
  const { suggestions } = useLoaderData<typeof notFoundLoader>();
  return (
    <div className="container page-section not-found">
      <title>Page Not Found | Island Glow</title>
      <h1 className="not-found__title">Page Not Found.</h1>
      <p className="not-found__text">The page you were looking for has drifted out to sea.</p>
      <Link className="button" to={paths.home}>
        Back to Home
      </Link>
      <Suspense fallback={null}>
        <Await resolve={suggestions}>{(list: ProductSummary[]) => <SuggestedProducts products={list} searchLabel="Search the shop" />}</Await>
      </Suspense>
    </div>
  );
}

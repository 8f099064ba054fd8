import { Suspense } from 'react';
import { Await, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { BrandMark } from '../../components/layout/brand-mark';
import { ErrorPanel } from '../../components/ui/error-panel';
import { ProductGrid } from '../../features/products/components/product-grid';
import { ProductGridSkeleton } from '../../features/products/components/product-grid-skeleton';
import { errorMessage } from '../../lib/error-message';
import type { homeLoader } from './home-loader';
import './home.css';

function ProductsError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

export function HomeRoute() {
  const { products } = useLoaderData<typeof homeLoader>();

  return (
    <>
      <title>Island Glow | Hair & Beauty, Trinidad and Tobago</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner container">
          <p className="hero__eyebrow">Welcome To</p>
          <h1 id="hero-title" className="hero__title">
            Island Glow
          </h1>
          <p className="hero__text">Hair and skin care made for Caribbean sun, salt and humidity.</p>
          <a className="button" href="#products-title">
            Shop Now
          </a>
          <BrandMark size={240} className="hero__flower" />
        </div>
      </section>

      <section className="container page-section" aria-labelledby="products-title">
        <div className="section-heading">
          <h2 id="products-title" className="section-heading__title">
            Our Products
          </h2>
          <p className="section-heading__note">Newest first</p>
        </div>
        <Suspense fallback={<ProductGridSkeleton />}>
          <Await resolve={products} errorElement={<ProductsError />}>
            {(list) => <ProductGrid products={list} />}
          </Await>
        </Suspense>
      </section>
    </>
  );
}

import { errorMessage } from '@shop/api-client';
import type { ProductSummary, RecentReview, SiteSettings } from '@shop/contracts';
import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import { Suspense, useEffect } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { paths } from '../../config/paths';
import { type BannerPromo, HomeBanner } from '../../features/home/components/home-banner';
import { TrustBar, TypeTiles } from '../../features/home/components/trust-bar';
import { ProductCarousel } from '../../features/products/components/product-carousel';
import { ProductGridSkeleton } from '../../features/products/components/product-grid-skeleton';
import { ShopperReviews } from '../../features/reviews/components/shopper-reviews';
import type { homeLoader } from './home-loader';
import './home.css';

function ProductsError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  return <ErrorPanel message={errorMessage(error)} onRetry={() => void revalidator.revalidate()} />;
}

function OurProduct({ settings }: { settings: SiteSettings | null }) {
  if (!settings) return null;
  return (
    <section className="container page-section our-product" aria-labelledby="our-product-title">
      <h2 id="our-product-title" className="section-heading__title">
        Our Product
      </h2>
      <p>{settings.ourProductSettings.description_a}</p>
      <p>{settings.ourProductSettings.description_b}</p>
    </section>
  );
}

export function HomeRoute() {
  const { trending, newest, settings, promo, deliveryFrom, types, reviews } = useLoaderData<typeof homeLoader>();

  useEffect(() => {
    // Coming from another screen, start at the top; not when hydrating the first page (not marked yet), where the
    // shopper may have scrolled before the app ran.
    if (document.documentElement.dataset.hydrated === 'true') window.scrollTo({ top: 0 });
  }, []);

  return (
    <>
      <title>Island Glow | Hair & Beauty, Trinidad and Tobago</title>
      <Suspense fallback={<HomeBanner settings={DEFAULT_SITE_SETTINGS.homeSettings} promo={null} />}>
        <Await resolve={settings}>
          {(loaded: SiteSettings | null) => (
            <Await resolve={promo}>{(live: BannerPromo) => <HomeBanner settings={loaded?.homeSettings ?? DEFAULT_SITE_SETTINGS.homeSettings} promo={live} />}</Await>
          )}
        </Await>
      </Suspense>

      <Suspense fallback={null}>
        <Await resolve={settings}>
          {(loaded: SiteSettings | null) => (
            <Await resolve={deliveryFrom}>
              {(cost: number | null) => <TrustBar deliveryFrom={cost} whatsapp={loaded?.contactSettings.whatsapp || null} />}
            </Await>
          )}
        </Await>
      </Suspense>

      {/* Unnamed sections, so not landmarks: the carousel inside is the region, named like the heading. */}
      <section className="container page-section">
        <div className="section-heading">
          <h2 id="trending-title" className="section-heading__title">
            What&apos;s Trending?
          </h2>
          <Link className="button button--secondary button--small" to={`${paths.products}/`}>
            View All
          </Link>
        </div>
        <Suspense fallback={<ProductGridSkeleton />}>
          <Await resolve={trending} errorElement={<ProductsError />}>
            {(list: ProductSummary[]) => <ProductCarousel label="What's Trending?" products={list} priority />}
          </Await>
        </Suspense>
      </section>

      <section className="container page-section">
        <div className="section-heading">
          <h2 id="newest-title" className="section-heading__title">
            Newest Additions
          </h2>
        </div>
        <Suspense fallback={<ProductGridSkeleton />}>
          <Await resolve={newest} errorElement={<ProductsError />}>
            {(list: ProductSummary[]) => <ProductCarousel label="Newest Additions" products={list} gridOnDesktop />}
          </Await>
        </Suspense>
      </section>

      <Suspense fallback={null}>
        <Await resolve={types}>{(list: string[]) => <TypeTiles types={list} />}</Await>
      </Suspense>

      <Suspense fallback={null}>
        <Await resolve={reviews}>{(list: RecentReview[]) => <ShopperReviews reviews={list} />}</Await>
      </Suspense>

      <Suspense fallback={null}>
        <Await resolve={settings}>{(loaded: SiteSettings | null) => <OurProduct settings={loaded} />}</Await>
      </Suspense>
    </>
  );
}

import { errorMessage } from '@shop/api-client';
import type { ProductSummary, RecentReview, SiteSettings } from '@shop/contracts';
import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import { Suspense, useEffect } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useRevalidator } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { TitledSection } from '../../components/ui/titled-section';
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
    <TitledSection className="container page-section our-product" headingId="our-product-title" title="Our Product">
      <p>{settings.ourProductSettings.description_a}</p>
      <p>{settings.ourProductSettings.description_b}</p>
    </TitledSection>
  );
}

interface CarouselSectionProps {
  headingId: string;
  /** The heading, and the name of the carousel's region. */
  title: string;
  products: Promise<ProductSummary[]>;
  /** With a "View All" link to the products list. */
  viewAll?: boolean;
  priority?: boolean;
  gridOnDesktop?: boolean;
}

/** An unnamed section, so not a landmark: the carousel inside is the region, named like the heading. */
function CarouselSection({ headingId, title, products, viewAll = false, priority, gridOnDesktop }: CarouselSectionProps) {
  return (
    <section className="container page-section">
      <div className="section-heading">
        <h2 id={headingId} className="section-heading__title">
          {title}
        </h2>
        {viewAll && (
          <Link className="button button--secondary button--small" to={`${paths.products}/`}>
            View All
          </Link>
        )}
      </div>
      <Suspense fallback={<ProductGridSkeleton />}>
        <Await resolve={products} errorElement={<ProductsError />}>
          {(list: ProductSummary[]) => <ProductCarousel label={title} products={list} priority={priority} gridOnDesktop={gridOnDesktop} />}
        </Await>
      </Suspense>
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

      <CarouselSection headingId="trending-title" title="What's Trending?" products={trending} viewAll priority />
      <CarouselSection headingId="newest-title" title="Newest Additions" products={newest} gridOnDesktop />

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

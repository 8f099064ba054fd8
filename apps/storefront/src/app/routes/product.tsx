import { ApiError, errorMessage, getProduct } from '@shop/api-client';
import type { Product, ProductSummary, ProductVariant } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { Suspense, useEffect, useState } from 'react';
import { Await, Link, useAsyncError, useLoaderData, useNavigate, useRevalidator, useSearchParams } from 'react-router-dom';
import { ErrorPanel } from '@shop/web-ui';
import { TitledSection } from '../../components/ui/titled-section';
import { paths } from '../../config/paths';
import { cartItemOf, cartLineKey, useCartStore } from '../../features/cart/stores/cart-store';
import { NotifyMeForm } from '../../features/back-in-stock/components/notify-me-form';
import { ProductGallery } from '../../features/products/components/product-gallery';
import { ProductGrid } from '../../features/products/components/product-grid';
import { ProductPrice } from '../../features/products/components/product-price';
import { ProductPurchase } from '../../features/products/components/product-purchase';
import { VariantPicker } from '../../features/products/components/variant-picker';
import { chosenVariant, variantDisplayName, variantPicture } from '../../lib/product-variants';
import { ProductReviews } from '../../features/reviews/components/product-reviews';
import { StarRating } from '../../features/reviews/components/star-rating';
import { AskOnWhatsApp } from '../../features/whatsapp/ask-on-whatsapp';
import { productWhatsAppText } from '@shop/rules';
import { useMetaDescription } from '../../lib/use-meta-description';
import { peekVisitorId } from '../../lib/visitor-id';
import type { ReviewOutcome } from '../../features/reviews/review-outcome';
import { cameFromServer } from '../ssr-data';
import type { productLoader } from './product-loader';
import './product.css';

/** A product that failed to load; trying again helps only when it was not a missing product (404). */
function ProductError() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <>
      <title>Product | Island Glow</title>
      <ErrorPanel message={errorMessage(error)} onRetry={missing ? undefined : () => void revalidator.revalidate()} />
    </>
  );
}

function ProductSkeleton() {
  return (
    <div className="product-detail" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      <div className="product-gallery__main" />
      <div className="product-detail__info">
        <span className="placeholder-line" />
      </div>
    </div>
  );
}

/**
 * The server renders the page without the visitor's id, so none of its reviews is marked as theirs; when the
 * visitor has an id and the product has reviews, it is read again with the id to offer delete on their own.
 */
function useOwnReviewsAfterServerRender(initial: Product, setProduct: (product: Product) => void): void {
  useEffect(() => {
    const visitorId = peekVisitorId();
    if (!visitorId || initial.reviews.length === 0 || !cameFromServer(initial)) return;
    const controller = new AbortController();
    getProduct(initial._id, { visitorId, signal: controller.signal }).then(setProduct, () => undefined);
    return () => controller.abort();
  }, [initial, setProduct]);
}

interface ProductDetailProps {
  initial: Product;
  /** The shop's WhatsApp number (a value when the page came from the server, else its request). */
  whatsapp: Promise<string | null> | string | null;
  origin: string;
  askedQty?: number;
  review: ReviewOutcome;
  /** The cheapest delivery area's cost, for the line under the price (null when unknown). */
  deliveryFrom: Promise<number | null> | number | null;
  related: Promise<ProductSummary[]> | ProductSummary[];
  /** Issue 28: the variant in the address (`?variant=`), shown first. */
  variantId?: string;
  /** The outcome of a "Notify me" sent without the app, for the variant in the address. */
  notify: { sent: boolean; submission: Awaited<ReturnType<typeof productLoader>>['notifySubmission'] };
}

/**
 * The variant shown (issue 28): the one in the address, then the shopper's choices, each put in the address in place
 * (`?variant=`, replacing the entry: no page load, and Back leaves the product). Undefined only for a product the
 * catalog answered without variants.
 */
function useChosenVariant(product: Product, fromAddress: string | undefined): { variant: ProductVariant | undefined; named: boolean; choose: (variant: ProductVariant) => void } {
  const [variantId, setVariantId] = useState(fromAddress);
  const [, setSearch] = useSearchParams();
  const choose = (variant: ProductVariant) => {
    setVariantId(variant._id);
    setSearch(
      (search) => {
        search.set('variant', variant._id);
        // Another variant's stepper starts again from its own stock, and a sign-up shown was for the one before.
        search.delete('qty');
        search.delete('notify');
        return search;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const variant = chosenVariant(product, variantId);
  return { variant, named: variant !== undefined && variant._id === variantId, choose };
}

/** What a shopper reads before buying, each only when the owner has written it. */
function ProductFacts({ product }: { product: Product }) {
  const facts = [
    { title: 'Ingredients', text: product.ingredients },
    { title: 'How to use', text: product.howToUse },
  ].filter((fact) => fact.text);
  const specs = [
    { term: 'Size', text: product.size },
    { term: 'Suits', text: product.suitedFor },
  ].filter((spec) => spec.text);
  return (
    <>
      {specs.length > 0 && (
        <dl className="product-detail__specs">
          {specs.map((spec) => (
            <div key={spec.term}>
              <dt>{spec.term}</dt>
              <dd>{spec.text}</dd>
            </div>
          ))}
        </dl>
      )}
      {facts.map((fact) => (
        <section key={fact.title} className="product-detail__fact" aria-label={fact.title}>
          <h2 className="product-detail__subtitle">{fact.title}</h2>
          <p className="product-detail__description">{fact.text}</p>
        </section>
      ))}
    </>
  );
}

/** The star summary by the title: the average and how many reviews, a link down to them. */
function ReviewSummary({ rating, count }: { rating: number; count: number }) {
  if (count === 0) {
    return (
      <p className="product-detail__stars">
        <a href="#reviews">No reviews yet</a>
      </p>
    );
  }
  return (
    <p className="product-detail__stars">
      <StarRating rating={Math.round(rating * 2) / 2} />
      <a href="#reviews">
        {rating.toFixed(1)} from {count} {count === 1 ? 'review' : 'reviews'}
      </a>
    </p>
  );
}

function ProductDetail({ initial, whatsapp, origin, askedQty, review, deliveryFrom, related, variantId, notify }: ProductDetailProps) {
  // Reviews written or deleted here come back as the whole product, which replaces the loaded one.
  const [product, setProduct] = useState(initial);
  useOwnReviewsAfterServerRender(initial, setProduct);
  const { variant, named, choose } = useChosenVariant(product, variantId);
  const navigate = useNavigate();
  const addItem = useCartStore((state) => state.addItem);
  const line = cartItemOf(product, variant, 1);
  const inCart = useCartStore((state) => state.cartItems.find((held) => cartLineKey(held) === cartLineKey(line)));
  const withOptions = product.options.length > 0 && variant !== undefined;
  const picture = withOptions ? variantPicture(product, variant) : product.image;
  // The "Notify me" the server answered was for the variant in the address only.
  const notifyOutcome = !withOptions || variant._id === variantId ? notify : { sent: false, submission: null };

  const addToCart = (qty: number) => addItem({ ...line, qty });

  useMetaDescription(product.description.length > 155 ? `${product.description.slice(0, 152)}…` : product.description);

  return (
    <>
      <title>{`${named && withOptions ? line.name : product.name} | Island Glow`}</title>
      <div className={withOptions ? 'product-detail product-detail--options' : 'product-detail'}>
        <ProductGallery key={picture} name={line.name} images={[picture, ...product.subimages]} />
        <div className="product-detail__info">
          {product.type && <p className="product-detail__type">{product.type}</p>}
          <h1 className="product-detail__name">{product.name}</h1>
          <ReviewSummary rating={product.rating} count={product.reviews.length} />
          <ProductPrice price={line.price} oldprice={withOptions ? variant.oldprice : product.oldprice} />
          <Suspense fallback={<p className="product-detail__delivery">Delivered island-wide · pay by card or in person</p>}>
            <Await resolve={deliveryFrom}>
              {(cost: number | null) => (
                <p className="product-detail__delivery">
                  Delivered island-wide{cost !== null ? ` from ${formatTTD(cost)}` : ''} · pay by card or in person
                </p>
              )}
            </Await>
          </Suspense>
          {withOptions && <VariantPicker product={product} current={variant} onChoose={choose} />}
          <ProductPurchase
            key={line.variant}
            productId={product._id}
            variantId={line.variant}
            countInStock={line.countInStock}
            initialQty={askedQty ?? inCart?.qty}
            onAddToCart={(qty) => {
              addToCart(qty);
              void navigate(paths.cart);
            }}
            onBuyNow={(qty) => {
              addToCart(qty);
              void navigate(paths.checkout);
            }}
          />
          {line.countInStock <= 0 && (
            <NotifyMeForm
              key={line.variant}
              productId={product._id}
              variantId={line.variant}
              itemName={withOptions ? variantDisplayName(product, variant) : product.name}
              sent={notifyOutcome.sent}
              submission={notifyOutcome.submission}
            />
          )}
          <Suspense fallback={null}>
            <Await resolve={whatsapp}>
              {(number: string | null) =>
                number && (
                  <div className="product-detail__whatsapp">
                    <AskOnWhatsApp number={number} text={productWhatsAppText(line, `${origin}${paths.product(product._id, line.variant)}`)} />
                  </div>
                )
              }
            </Await>
          </Suspense>
          <h2 className="product-detail__subtitle">Description</h2>
          <p className="product-detail__description">{product.description}</p>
          <ProductFacts product={product} />
        </div>
      </div>
      <ProductReviews productId={product._id} reviews={product.reviews} onChange={setProduct} outcome={review} />
      <Suspense fallback={null}>
        <Await resolve={related}>
          {(others: ProductSummary[]) =>
            others.length > 0 && (
              <TitledSection className="product-related" headingId="related-title" title="You may also like">
                <ProductGrid products={others} />
              </TitledSection>
            )
          }
        </Await>
      </Suspense>
    </>
  );
}

export function ProductRoute() {
  const { id, product, whatsapp, origin, askedQty, review, deliveryFrom, related, variant, notifySent, notifySubmission } = useLoaderData<typeof productLoader>();
  return (
    <div className="container page-section">
      <p className="product-detail__back">
        <Link to={paths.products}>← Back to products</Link>
      </p>
      <Suspense key={id} fallback={<ProductSkeleton />}>
        <Await resolve={product} errorElement={<ProductError />}>
          {(loaded: Product) => (
            <ProductDetail
              key={loaded._id}
              initial={loaded}
              whatsapp={whatsapp}
              origin={origin}
              askedQty={askedQty}
              review={review}
              deliveryFrom={deliveryFrom}
              related={related}
              variantId={variant}
              notify={{ sent: notifySent, submission: notifySubmission }}
            />
          )}
        </Await>
      </Suspense>
    </div>
  );
}

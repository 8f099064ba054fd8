import type { AdminReviewQuery, ProductSummary, ReviewSettings } from '@shop/contracts';
import { Suspense, useId } from 'react';
import { Await, Form, useFetcher, useLoaderData } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { Pager } from '../../components/ui/pager';
import { REVIEW_STATE_LABEL, ReviewCard } from '../../features/reviews/components/review-card';
import type { reviewsLoader } from './reviews-loader';
import { type Choice, SelectField } from '../../components/ui/select-field';
import { Deferred } from '../../components/ui/deferred';
import '../../features/orders/components/order-list.css';
import '../../features/reviews/components/reviews.css';

/** The screen's address with these filters and page. */
function reviewsHref(filter: AdminReviewQuery, page = filter.page): string {
  const search = new URLSearchParams();
  if (filter.rating) search.set('rating', String(filter.rating));
  if (filter.product) search.set('product', filter.product);
  if (filter.status) search.set('status', filter.status);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${paths.reviews}?${query}` : paths.reviews;
}

/** "Hold new reviews for approval": a checkbox and Save, posted to the screen's action. */
function HoldSetting({ settings }: { settings: ReviewSettings }) {
  const id = useId();
  const fetcher = useFetcher({ key: 'review-settings' });
  return (
    <fetcher.Form method="post" action={paths.reviews} className="review-hold card" aria-label="Review approval">
      <input type="hidden" name="intent" value="settings" />
      <div className="check-field review-hold__check">
        <input id={`${id}-hold`} type="checkbox" name="holdForApproval" defaultChecked={settings.holdForApproval} aria-describedby={`${id}-hint`} />
        <label htmlFor={`${id}-hold`}>Hold new reviews for approval</label>
      </div>
      <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
        Save
      </button>
      <p id={`${id}-hint`} className="review-hold__hint">
        When on, a new or edited review waits here until you approve it; the shopper is told it will appear once the shop has checked it.
      </p>
    </fetcher.Form>
  );
}

const RATING_CHOICES = [5, 4, 3, 2, 1].map((n): Choice => [n, `${n} ${n === 1 ? 'star' : 'stars'}`]);
const STATE_CHOICES = (['pending', 'published', 'hidden'] as const).map((s): Choice => [s, REVIEW_STATE_LABEL[s]]);

function Filters({ filter, products }: { filter: AdminReviewQuery; products: ProductSummary[] }) {
  const id = useId();
  const key = `${filter.rating}:${filter.product}:${filter.status}`;
  return (
    <Form method="get" className="review-filter" role="search" aria-label="Filter reviews" key={key}>
      <SelectField id={`${id}-rating`} label="Rating" name="rating" defaultValue={filter.rating ?? ''} choices={[['', 'All ratings'], ...RATING_CHOICES]} />
      <SelectField
        id={`${id}-product`}
        label="Product"
        name="product"
        defaultValue={filter.product ?? ''}
        choices={[['', 'All products'], ...products.map((p) => [p._id, p.name] as const)]}
      />
      <SelectField id={`${id}-status`} label="State" name="status" defaultValue={filter.status ?? ''} choices={[['', 'Every state'], ...STATE_CHOICES]} />
      <button type="submit" className="button button--secondary">
        Filter
      </button>
    </Form>
  );
}

/**
 * Reviews (issue 26): every review, newest first, 20 a page, filtered by rating, product and state; hide, restore,
 * approve or delete each; and whether new reviews wait for approval. Only reviews on the shop count in a product's
 * rating. Filters and page are in the URL (plain GET form and links).
 */
export function ReviewsRoute() {
  const { filter, reviews, products, settings } = useLoaderData<typeof reviewsLoader>();
  const here = reviewsHref(filter);
  const filtered = Boolean(filter.rating || filter.product || filter.status);
  return (
    <>
      <title>Reviews | Island Glow Admin</title>
      <h1 className="page-title">Reviews</h1>
      <Deferred resolve={settings} placeholder={null}>
        {(loaded) => <HoldSetting settings={loaded} />}
      </Deferred>
      <Suspense fallback={<Filters filter={filter} products={[]} />}>
        <Await resolve={products} errorElement={<Filters filter={filter} products={[]} />}>
          {(list) => <Filters filter={filter} products={list} />}
        </Await>
      </Suspense>
      <Deferred key={here} resolve={reviews} placeholder={<Spinner />}>
        {(page) =>
          page.reviews.length === 0 ? (
            <p>{filtered ? 'No review matches these filters.' : 'No reviews yet.'}</p>
          ) : (
            <>
              <p className="review-card__meta" aria-live="polite">
                {page.total} {page.total === 1 ? 'review' : 'reviews'}
              </p>
              <ul className="review-list">
                {page.reviews.map((review) => (
                  <ReviewCard key={review._id} review={review} action={here} productHref={review.productDeleted ? null : paths.product(review.productId)} />
                ))}
              </ul>
              <Pager page={page.page} pages={page.pages} hrefOf={(n) => reviewsHref(filter, n)} />
            </>
          )
        }
      </Deferred>
    </>
  );
}

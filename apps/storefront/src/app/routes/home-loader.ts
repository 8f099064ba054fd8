import { getBannerDiscount, getControls, getDeliveryAreas, getProductPage, getProductTypes, getRecentReviews } from '@shop/api-client';
import type { RecentReview } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { deferred } from '../../lib/deferred';

/** Trending and newest counts (spec section 9). */
export const TRENDING_COUNT = 10;
export const NEWEST_COUNT = 6;
/** Reviews from shoppers on the home page (issue 25): two rows of three on a desktop. */
export const SHOPPER_REVIEWS_COUNT = 6;

/** Starts the three requests without waiting, so the page shows at once with placeholders. */
export function homeLoader({ request }: LoaderFunctionArgs) {
  const { signal } = request;
  return {
    trending: deferred(getProductPage({ sort: 'trending', pageSize: TRENDING_COUNT }, { signal }).then((page) => page.products)),
    newest: deferred(getProductPage({ sort: 'newest', pageSize: NEWEST_COUNT }, { signal }).then((page) => page.products)),
    // Without settings the banner and texts keep their defaults.
    settings: getControls({ signal })
      .then((list) => list[0] ?? null)
      .catch(() => null),
    // The live code the banner names, in the server's HTML with the page (a promise on the home page is one the
    // checkout keeps; without a code no slide promises a saving).
    // The trust bar's delivery line: the cheapest area that delivers (pick-up costs nothing and is not one).
    deliveryFrom: getDeliveryAreas({ signal })
      .then((areas) => Math.min(...areas.filter((area) => area.active && area.cost > 0).map((area) => area.cost)))
      .then((cost) => (Number.isFinite(cost) ? cost : null))
      .catch(() => null),
    types: getProductTypes({ signal }).catch(() => [] as string[]),
    // Without reviews (none yet, or the catalog not answering) the section is left out, not shown empty.
    reviews: getRecentReviews({ limit: SHOPPER_REVIEWS_COUNT, signal })
      .then((answer) => answer.reviews)
      .catch(() => [] as RecentReview[]),
    promo: getBannerDiscount({ signal })
      .then((answer) => answer.discount)
      .catch(() => null),
  };
}

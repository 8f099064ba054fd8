import { adminGetReviews, adminGetReviewSettings, getProducts } from '@shop/api-client';
import { type AdminReviewQuery, AdminReviewQuerySchema } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/** The reviews screen's filters and page, from the URL (`?rating=&product=&status=&page=`), so they survive a reload; bad ones are dropped. */
export function readReviewFilter(params: URLSearchParams): AdminReviewQuery {
  const given = (key: string) => {
    const value = params.get(key);
    return value ? value : undefined;
  };
  const filter: Record<string, unknown> = {};
  for (const key of ['page', 'rating', 'product', 'status'] as const) {
    const one = AdminReviewQuerySchema.shape[key].safeParse(given(key));
    if (one.success && one.data !== undefined) filter[key] = one.data;
  }
  return AdminReviewQuerySchema.parse(filter);
}

/** Every review, newest first, one page; the products for the filter; the hold-for-approval setting (issue 26). */
export function reviewsLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  const filter = readReviewFilter(new URL(request.url).searchParams);
  return {
    filter,
    reviews: adminGetReviews({ ...filter, signal: request.signal }),
    products: getProducts({ signal: request.signal }),
    settings: adminGetReviewSettings({ signal: request.signal }),
  };
}

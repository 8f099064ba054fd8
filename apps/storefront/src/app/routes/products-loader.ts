import { getProductPage, getProductTypes } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { deferred } from '../../lib/deferred';

/** Products a page shows (spec section 9). */
export const PRODUCTS_PAGE_SIZE = 8;

/** What the URL says: search from /products/{filter}, `type` and `page` from the query string. */
export function readProductsQuery(params: { filter?: string }, url: URL) {
  const page = Number(url.searchParams.get('page'));
  return {
    q: (params.filter ?? '').trim(),
    type: url.searchParams.get('type') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Starts the page and type requests without waiting, so the screen shows at once with placeholders. */
export function productsLoader({ params, request }: LoaderFunctionArgs) {
  const query = readProductsQuery(params, new URL(request.url));
  return {
    query,
    page: deferred(getProductPage({ q: query.q, type: query.type || undefined, page: query.page, pageSize: PRODUCTS_PAGE_SIZE }, { signal: request.signal })),
    types: getProductTypes({ signal: request.signal }).catch(() => [] as string[]),
  };
}

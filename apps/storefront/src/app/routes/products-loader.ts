import { getProductPage, getProductTypes } from '@shop/api-client';
import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { ProductSummary } from '@shop/contracts';
import { deferred } from '../../lib/deferred';
import { loadSuggestions } from './suggestions-loader';

/** Products a page shows (spec section 9). */
export const PRODUCTS_PAGE_SIZE = 8;

/** The filter's choice of every type (`?type=all` from its form means no type). */
export const ALL_TYPES = 'all';

/** What the URL says: search from /products/{filter}, `type` and `page` from the query string. */
export function readProductsQuery(params: { filter?: string }, url: URL) {
  const page = Number(url.searchParams.get('page'));
  const type = (url.searchParams.get('type') ?? '').trim();
  return {
    q: (params.filter ?? '').trim(),
    type: type === ALL_TYPES ? '' : type,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The search forms' own answer before the app runs (GET /products?q=...): the same screen at its usual address,
 * the search in the path, the other parameters kept.
 */
function searchFormRedirect(url: URL): Response | null {
  const q = url.searchParams.get('q');
  if (q === null) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('q');
  rest.delete('page');
  const search = rest.toString();
  const text = q.trim();
  return redirect(`${text ? paths.productSearch(text) : paths.products}${search ? `?${search}` : ''}`);
}

/** Starts the page and type requests without waiting, so the screen shows at once with placeholders. */
export function productsLoader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const moved = searchFormRedirect(url);
  if (moved) throw moved;
  const query = readProductsQuery(params, url);
  const page = getProductPage({ q: query.q, type: query.type || undefined, page: query.page, pageSize: PRODUCTS_PAGE_SIZE }, { signal: request.signal });
  return {
    query,
    page: deferred(page),
    // A search that found nothing suggests a few best sellers instead of an empty page.
    suggestions: page.then((found) => (found.total === 0 ? loadSuggestions(request.signal) : [])).catch(() => [] as ProductSummary[]),
    types: getProductTypes({ signal: request.signal }).catch(() => [] as string[]),
  };
}

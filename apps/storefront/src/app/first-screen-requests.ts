import { productPageSearchParams, VISITOR_ID_HEADER } from '@shop/api-client';
import { peekVisitorId } from '../lib/visitor-id';
import { NEWEST_COUNT, TRENDING_COUNT } from './routes/home-loader';
import { PRODUCTS_PAGE_SIZE, readProductsQuery } from './routes/products-loader';

/** One GET the first screen's loader makes: its path under the API prefix, and the visitor it is made for. */
export interface FirstScreenRequest {
  path: string;
  visitorId?: string;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The API requests the loader of the screen at `location` makes as soon as the router starts (router.tsx), for
 * the screens a shopper lands on. Kept in step with the loaders by first-screen-requests.spec.ts, which runs the
 * real loaders and compares.
 */
export function firstScreenRequests(location: { pathname: string; search: string }, visitorId?: string): FirstScreenRequest[] {
  const segments = location.pathname.split('/').filter(Boolean);
  const [first, second, ...rest] = segments;
  if (rest.length > 0) return [];
  if (first === undefined) {
    return [
      { path: `products?${productPageSearchParams({ sort: 'trending', pageSize: TRENDING_COUNT })}` },
      { path: `products?${productPageSearchParams({ sort: 'newest', pageSize: NEWEST_COUNT })}` },
      { path: 'controls' },
    ];
  }
  if (first === 'products') {
    const filter = second === undefined ? undefined : decoded(second);
    if (second !== undefined && filter === undefined) return [];
    const query = readProductsQuery({ filter }, new URL(`http://shop${location.search}`));
    const params = productPageSearchParams({ q: query.q, type: query.type || undefined, page: query.page, pageSize: PRODUCTS_PAGE_SIZE });
    return [{ path: `products?${params}` }, { path: 'products/types' }];
  }
  if (first === 'product' && second !== undefined) {
    const id = decoded(second);
    return id === undefined ? [] : [{ path: `products/${encodeURIComponent(id)}`, visitorId }];
  }
  if ((first === 'media' || first === 'contact') && second === undefined) return [{ path: 'controls' }];
  return [];
}

interface EarlyRequest {
  url: string;
  visitorId?: string;
  response: Promise<Response>;
}

let early: EarlyRequest[] = [];

/**
 * Starts the first screen's API requests from the small entry script, while React, the router and the screens
 * still download: on a phone network the answers are then on their way a whole script download sooner.
 */
export function startFirstScreenRequests(prefixUrl: string): void {
  const base = new URL(`${prefixUrl.replace(/\/$/, '')}/`, window.location.href);
  early = firstScreenRequests(window.location, peekVisitorId()).map(({ path, visitorId }) => {
    const url = new URL(path, base).href;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (visitorId) headers[VISITOR_ID_HEADER] = visitorId;
    return { url, visitorId, response: fetch(url, { headers }) };
  });
}

/**
 * The api client's fetch: a GET that matches an early request (same URL, same visitor) takes over its answer,
 * once; if the early request failed it is simply made again. Everything else goes to the network.
 */
export const fetchWithFirstScreen: typeof fetch = (input, init) => {
  const request = input instanceof Request ? input : undefined;
  if (request?.method === 'GET') {
    const visitorId = request.headers.get(VISITOR_ID_HEADER) ?? undefined;
    const index = early.findIndex((e) => e.url === request.url && e.visitorId === visitorId);
    if (index >= 0) {
      const [match] = early.splice(index, 1);
      return match.response.catch(() => fetch(input, init));
    }
  }
  return fetch(input, init);
};

import { getProductPage } from '@shop/api-client';
import type { ProductSummary } from '@shop/contracts';

/** How many best sellers an empty page suggests. */
export const SUGGESTED_COUNT = 4;

/** A few best sellers in stock, for a page that found nothing (none when they cannot be read). */
export function loadSuggestions(signal: AbortSignal): Promise<ProductSummary[]> {
  return getProductPage({ sort: 'trending', pageSize: SUGGESTED_COUNT + 2 }, { signal })
    .then((page) => page.products.filter((p) => p.countInStock > 0).slice(0, SUGGESTED_COUNT))
    .catch(() => []);
}

/** The 404 screen's loader: its suggestions. */
export function notFoundLoader({ request }: { request: Request }) {
  return { suggestions: loadSuggestions(request.signal) };
}

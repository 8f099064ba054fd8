import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_STOCK_FILTERS,
  ADMIN_VISIBILITY_FILTERS,
  type AdminProductSort,
  type AdminStockFilter,
  type AdminVisibilityFilter,
} from '@shop/rules';
import { paths } from '../../../config/paths';

/** What the owner's product list shows (issue 26), all of it in the URL so a reload or a shared link keeps it. */
export interface ProductListQuery {
  q: string;
  type: string;
  stock: AdminStockFilter | '';
  visibility: AdminVisibilityFilter | '';
  sort: AdminProductSort;
  page: number;
}

export const DEFAULT_PRODUCT_SORT: AdminProductSort = 'newest';

/** The sorts as the owner reads them. */
export const SORT_LABELS: Record<AdminProductSort, string> = {
  newest: 'Newest first',
  name: 'Name (A to Z)',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  'stock-low': 'Stock: fewest first',
  'stock-high': 'Stock: most first',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((item) => item === value);

/** The list's query from the URL; anything unknown falls back to the default (the server would refuse it). */
export function readProductListQuery(params: URLSearchParams): ProductListQuery {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    type: (params.get('type') ?? '').trim().slice(0, 60),
    stock: oneOf(ADMIN_STOCK_FILTERS, params.get('stock')) ?? '',
    visibility: oneOf(ADMIN_VISIBILITY_FILTERS, params.get('visibility')) ?? '',
    sort: oneOf(ADMIN_PRODUCT_SORTS, params.get('sort')) ?? DEFAULT_PRODUCT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The URL parameters of a query; defaults stay out of the URL. */
export function productListParams(query: ProductListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  if (query.stock) params.set('stock', query.stock);
  if (query.visibility) params.set('visibility', query.visibility);
  if (query.sort !== DEFAULT_PRODUCT_SORT) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function productListHref(query: ProductListQuery): string {
  const search = productListParams(query).toString();
  return search ? `${paths.products}?${search}` : paths.products;
}

/** Whether anything narrows the list (a search or a filter; the sort and page do not). */
export function isFiltered(query: ProductListQuery): boolean {
  return Boolean(query.q || query.type || query.stock || query.visibility);
}

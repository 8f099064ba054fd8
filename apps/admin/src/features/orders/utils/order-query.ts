import { ORDER_SORTS, type OrderListStatus, type OrderSort, type OrderTab, type SortDirection } from '@shop/contracts';
import { paths } from '../../../config/paths';
import { DEFAULT_TAB, isOrderTab } from './order-state';

/** Orders per page of the list. */
export const ORDER_PAGE_SIZE = 12;

/** What the order list shows: a tab, a search, a page, a sort, current or archived orders, all in the URL. */
export interface OrderListQuery {
  tab: OrderTab;
  q: string;
  page: number;
  /** The table's column, newest first by date when the URL names none. */
  sort?: OrderSort;
  dir?: SortDirection;
  status?: OrderListStatus;
}

/** The direction a column sorts in first: the newest, highest and latest first; names and areas from A. */
export function firstDirection(sort: OrderSort): SortDirection {
  return sort === 'customer' || sort === 'area' ? 'asc' : 'desc';
}

/** The URL parameters of a list; defaults stay out of the URL. */
export function orderListParams({ tab, q, page, sort, dir, status }: OrderListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== DEFAULT_TAB) params.set('tab', tab);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  if (sort && !(sort === 'date' && (dir ?? 'desc') === 'desc')) {
    params.set('sort', sort);
    if (dir && dir !== firstDirection(sort)) params.set('dir', dir);
  }
  if (status === 'archived') params.set('status', 'archived');
  return params;
}

export function orderListHref(query: OrderListQuery): string {
  const search = orderListParams(query).toString();
  return search ? `${paths.orders}?${search}` : paths.orders;
}

/** The list's query from the URL; anything unknown falls back to the default. */
export function readOrderListQuery(params: URLSearchParams): OrderListQuery {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  const sortText = params.get('sort');
  const sort = ORDER_SORTS.find((s) => s === sortText);
  const dirText = params.get('dir');
  return {
    tab: isOrderTab(tab) ? tab : DEFAULT_TAB,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    ...(sort ? { sort, dir: dirText === 'asc' || dirText === 'desc' ? dirText : firstDirection(sort) } : {}),
    ...(params.get('status') === 'archived' ? { status: 'archived' as const } : {}),
  };
}

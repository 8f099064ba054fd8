import type { OrderTab } from '@shop/contracts';
import { paths } from '../../../config/paths';
import { DEFAULT_TAB, isOrderTab } from './order-state';

/** Cards per page of the order list. */
export const ORDER_PAGE_SIZE = 12;

/** What the order list shows: a tab, a search and a page, all in the URL. */
export interface OrderListQuery {
  tab: OrderTab;
  q: string;
  page: number;
}

/** The URL parameters of a tab, search and page; defaults stay out of the URL. */
export function orderListParams({ tab, q, page }: OrderListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== DEFAULT_TAB) params.set('tab', tab);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
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
  return {
    tab: isOrderTab(tab) ? tab : DEFAULT_TAB,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

import type { OrderListStatus, OrderPage, OrderSort, OrderTab, SortDirection } from '@shop/contracts';
import { getJson } from './api-client';

export interface AdminGetOrdersOptions {
  signal?: AbortSignal;
  /** One of the six admin tabs; the server defaults to all orders. */
  tab?: OrderTab;
  /** Search text: first name, last name, email or total, ignoring case. */
  q?: string;
  /** From 1; the server defaults to 1. */
  page?: number;
  /** 1 to 100; the server defaults to 20. */
  pageSize?: number;
  /** A column of the admin's table; the server defaults to the date, newest first. */
  sort?: OrderSort;
  dir?: SortDirection;
  /** The archived orders in place of the current ones. */
  status?: OrderListStatus;
}

/** One page of orders, newest first unless sorted (`GET /api/orders?tab=&q=&page=&pageSize=&sort=&dir=&status=`, admin). */
export function adminGetOrders(options: AdminGetOrdersOptions = {}): Promise<OrderPage> {
  const searchParams: Record<string, string> = {};
  if (options.tab) searchParams.tab = options.tab;
  const q = options.q?.trim();
  if (q) searchParams.q = q;
  if (options.page) searchParams.page = String(options.page);
  if (options.pageSize) searchParams.pageSize = String(options.pageSize);
  if (options.sort) searchParams.sort = options.sort;
  if (options.dir) searchParams.dir = options.dir;
  if (options.status) searchParams.status = options.status;
  return getJson<OrderPage>('orders', { signal: options.signal, searchParams });
}

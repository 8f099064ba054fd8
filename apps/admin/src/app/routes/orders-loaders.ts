import { adminGetOrder, adminGetOrders } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ORDER_PAGE_SIZE, readOrderListQuery } from '../../features/orders/utils/order-query';
import { requireUserInfo } from '../../lib/auth';

/** The Order Screen: the tab, search and page come from the URL; the page of orders arrives on its own. */
export function ordersLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  const query = readOrderListQuery(new URL(request.url).searchParams);
  return { query, orders: adminGetOrders({ ...query, pageSize: ORDER_PAGE_SIZE, signal: request.signal }) };
}

/** One order; the screen shows its loading and error states itself. */
export function orderLoader({ params, request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { order: adminGetOrder(params.id ?? '', { signal: request.signal }) };
}

import { adminGetRestock } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/** The restock screen's search, from the URL (`?q=`), so it survives a reload. */
export function readRestockQuery(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, 100);
}

/** Products out of stock or at the low-stock threshold and below (issue 26), fewest first, searched on the server. */
export function restockLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  const q = readRestockQuery(new URL(request.url).searchParams);
  return { q, products: adminGetRestock({ q, withLowStock: true, signal: request.signal }) };
}

import { adminGetStockMovements, getProduct } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/** The product to edit, and its inventory history (issue 26), which arrives on its own and fails on its own. */
export async function productEditLoader({ params, request }: LoaderFunctionArgs) {
  requireUserInfo();
  const id = params.id ?? '';
  const movements = adminGetStockMovements(id, { signal: request.signal });
  return { product: await getProduct(id, { signal: request.signal }), movements };
}

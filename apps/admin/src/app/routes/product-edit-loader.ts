import { adminGetProduct, adminGetProductTypes, adminGetStockMovements } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/**
 * The product to edit, hidden or not (issue 26), the types to choose from, and its inventory history, which arrives
 * on its own and fails on its own.
 */
export async function productEditLoader({ params, request }: LoaderFunctionArgs) {
  requireUserInfo();
  const id = params.id ?? '';
  const movements = adminGetStockMovements(id, { signal: request.signal });
  const [product, types] = await Promise.all([adminGetProduct(id, { signal: request.signal }), productTypes(request.signal)]);
  return { product, types, movements };
}

/** The add screen: the types to choose from. */
export async function productAddLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { types: await productTypes(request.signal) };
}

/** The shop's types; without them the form still offers "Add a new type" (the catalog files a re-spelt one under the existing spelling). */
function productTypes(signal: AbortSignal): Promise<string[]> {
  return adminGetProductTypes({ signal }).catch(() => []);
}

import type { Product } from '@shop/contracts';
import type { ProductInput } from '@shop/rules';
import { sendJson } from './api-client';
import { adminHeaders } from './admin-auth';

/** Creates a product (`POST /api/products`, admin). */
export function adminCreateProduct(product: ProductInput, token: string): Promise<Product> {
  return sendJson<Product>('post', 'products', { json: product, headers: adminHeaders(token) });
}

import type { Product } from '@shop/contracts';
import type { ProductInput } from '@shop/rules';
import { sendJson } from './api-client';

/** Creates a product (`POST /api/products`, admin). */
export function adminCreateProduct(product: ProductInput): Promise<Product> {
  return sendJson<Product>('post', 'products', { json: product });
}

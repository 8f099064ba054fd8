import type { Product } from '@shop/contracts';
import type { ProductInput } from '@shop/rules';
import { sendJson } from './api-client';

/** Replaces a product with the whole product given (`PUT /api/products/{id}`, admin). */
export function adminUpdateProduct(id: string, product: ProductInput): Promise<Product> {
  return sendJson<Product>('put', `products/${encodeURIComponent(id)}`, { json: product });
}

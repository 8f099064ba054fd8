import type { Product } from '@shop/contracts';
import type { VariantsBulkInput } from '@shop/rules';
import { sendJson } from './api-client';

/** One price on every variant and/or N more of each in stock (`POST /api/products/{id}/variants/bulk`, admin, issue 28). */
export function adminVariantsBulk(id: string, input: VariantsBulkInput): Promise<Product> {
  return sendJson<Product>('post', `products/${encodeURIComponent(id)}/variants/bulk`, { json: input });
}

import { adminGetProducts, adminGetProductTypes } from '@shop/api-client';
import { ADMIN_PRODUCT_PAGE_SIZE } from '@shop/rules';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { readProductListQuery } from '../../features/products/utils/product-list-query';
import { requireUserInfo } from '../../lib/auth';

/**
 * The owner's product list (issue 26): the search, filters, sort and page come from the URL and the server answers
 * them; the page arrives on its own.
 */
export async function productsLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  const query = readProductListQuery(new URL(request.url).searchParams);
  const { stock, visibility, ...rest } = query;
  const products = adminGetProducts(
    { ...rest, stock: stock || undefined, visibility: visibility || undefined, pageSize: ADMIN_PRODUCT_PAGE_SIZE },
    { signal: request.signal },
  );
  // Awaited (a short answer): the filter form is drawn once with them and keeps its focus while the list reloads.
  // Without them the filter still offers "All types" and the type in the URL.
  const types = await adminGetProductTypes({ signal: request.signal }).catch(() => [] as string[]);
  return { query, products, types };
}

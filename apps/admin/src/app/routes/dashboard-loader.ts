import { getProducts } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';

/** Starts the product request without waiting for it; the table shows a placeholder meanwhile. */
export function dashboardLoader({ request }: LoaderFunctionArgs) {
  return { products: getProducts({ signal: request.signal }) };
}

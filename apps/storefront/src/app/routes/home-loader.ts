import { getProducts } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';

/** Starts the product request without waiting for it, so the page shows at once with a placeholder grid. */
export function homeLoader({ request }: LoaderFunctionArgs) {
  return { products: getProducts({ signal: request.signal }) };
}

import { getProducts } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

export function productsLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { products: getProducts({ signal: request.signal }) };
}

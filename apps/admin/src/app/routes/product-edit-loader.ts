import { getProduct } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

export async function productEditLoader({ params, request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { product: await getProduct(params.id ?? '', { signal: request.signal }) };
}

import { getProduct } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { peekVisitorId } from '../../lib/visitor-id';
import { deferred } from '../../lib/deferred';

/** Starts the product request (with the visitor id, so their own reviews come back marked) without waiting. */
export function productLoader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  return { id, product: deferred(getProduct(id, { signal: request.signal, visitorId: peekVisitorId() })) };
}

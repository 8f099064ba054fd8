import { confirmInPersonOrder, getOrder, putOrderPayment } from '@shop/api-client';
import type { PaymentRedirectParams } from '@shop/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { peekVisitorId } from '../../lib/visitor-id';

/**
 * The card result page: the provider's query parameters go to the server untouched, which verifies them and
 * answers the order as it now stands; without parameters the order is only read.
 */
export function checkoutResultLoader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const query = Object.fromEntries(new URL(request.url).searchParams) as PaymentRedirectParams;
  const order = Object.keys(query).length > 0 ? putOrderPayment(id, query) : getOrder(id, { signal: request.signal, visitorId: peekVisitorId() });
  return { id, order };
}

/** The pay-in-person confirmation: an idempotent confirm that answers the order. */
export function checkoutInPersonLoader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  return { id, order: confirmInPersonOrder(id) };
}

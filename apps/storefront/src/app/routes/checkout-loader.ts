import { getControls } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';

/** Delivery cost when the settings cannot be read (product-rules section 1). */
export const DEFAULT_DELIVERY_COST = 35;

/** Starts the settings request for the delivery cost without waiting. */
export function checkoutLoader({ request }: LoaderFunctionArgs) {
  return {
    deliveryCost: getControls({ signal: request.signal })
      .then((list) => list[0]?.paymentSettings.deliveryCost ?? DEFAULT_DELIVERY_COST)
      .catch(() => DEFAULT_DELIVERY_COST),
  };
}

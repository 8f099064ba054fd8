import { adminGetDeliveryAreas, adminGetDiscountCode, adminGetDiscountCodes } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/** Site Settings: the delivery areas load with the screen (the settings form loads its own record). */
export function deliveryAreasLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { areas: adminGetDeliveryAreas({ signal: request.signal }) };
}

export function discountCodesLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { codes: adminGetDiscountCodes({ signal: request.signal }) };
}

export async function discountCodeLoader({ params, request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { code: await adminGetDiscountCode(params.id ?? '', { signal: request.signal }) };
}

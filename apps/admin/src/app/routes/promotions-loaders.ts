import { adminGetDiscountCode, adminGetDiscountCodes } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

export function discountCodesLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { codes: adminGetDiscountCodes({ signal: request.signal }) };
}

export async function discountCodeLoader({ params, request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { code: await adminGetDiscountCode(params.id ?? '', { signal: request.signal }) };
}

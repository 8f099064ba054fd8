import { adminGetDiscountCode, adminGetDiscountCodes } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { requireUserInfo } from '../../lib/auth';

/** The discount codes screen's filter (`?status=archived`) and search (`?q=`), from the URL so they survive a reload. */
export function readDiscountFilter(params: URLSearchParams): { archived: boolean; q: string } {
  return { archived: params.get('status') === 'archived', q: (params.get('q') ?? '').trim().slice(0, 30) };
}

export function discountCodesLoader({ request }: LoaderFunctionArgs) {
  requireUserInfo();
  const filter = readDiscountFilter(new URL(request.url).searchParams);
  return { ...filter, codes: adminGetDiscountCodes({ ...filter, signal: request.signal }) };
}

export async function discountCodeLoader({ params, request }: LoaderFunctionArgs) {
  requireUserInfo();
  return { code: await adminGetDiscountCode(params.id ?? '', { signal: request.signal }) };
}

import type { DiscountCode, DiscountCodeDetail } from '@shop/contracts';
import type { DiscountCodeInput } from '@shop/rules';
import { getJson, sendJson } from './api-client';

/** The current (or archived) discount codes with their uses, searchable by code (`GET /api/discount-codes?status=&q=`, admin). */
export function adminGetDiscountCodes(options: { signal?: AbortSignal; archived?: boolean; q?: string } = {}): Promise<DiscountCode[]> {
  const searchParams: Record<string, string> = {};
  if (options.archived) searchParams.status = 'archived';
  if (options.q?.trim()) searchParams.q = options.q.trim();
  return getJson<DiscountCode[]>('discount-codes', { signal: options.signal, searchParams: Object.keys(searchParams).length ? searchParams : undefined });
}

/** Archives a code (it stops working at checkout) or restores it (`POST /api/discount-codes/{id}/archive|restore`, admin). */
export function adminArchiveDiscountCode(id: string, archived: boolean): Promise<DiscountCode> {
  return sendJson<DiscountCode>('post', `discount-codes/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`);
}

/** One code with the orders that used it. */
export function adminGetDiscountCode(id: string, options: { signal?: AbortSignal } = {}): Promise<DiscountCodeDetail> {
  return getJson<DiscountCodeDetail>(`discount-codes/${encodeURIComponent(id)}`, { signal: options.signal });
}

export function adminCreateDiscountCode(code: DiscountCodeInput): Promise<DiscountCode> {
  return sendJson<DiscountCode>('post', 'discount-codes', { json: code });
}

export function adminUpdateDiscountCode(id: string, code: DiscountCodeInput): Promise<DiscountCode> {
  return sendJson<DiscountCode>('put', `discount-codes/${encodeURIComponent(id)}`, { json: code });
}

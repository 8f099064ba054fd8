import type { ProductPage } from '@shop/contracts';
import { getJson } from './api-client';
import { ApiError } from './api-error';

export interface ProductPageQuery {
  /** Search text, matched against name, price, description, promotext and type. */
  q?: string;
  /** One product type; none for all types. */
  type?: string;
  /** From 1. */
  page?: number;
  pageSize?: number;
  sort?: 'trending' | 'newest';
}

export interface GetProductPageOptions {
  signal?: AbortSignal;
}

/** One page of products matching a search and type (`GET /api/products?q&type&page&pageSize&sort`). */
export async function getProductPage(query: ProductPageQuery, options: GetProductPageOptions = {}): Promise<ProductPage> {
  const searchParams = new URLSearchParams();
  if (query.q?.trim()) searchParams.set('q', query.q.trim());
  if (query.type) searchParams.set('type', query.type);
  searchParams.set('page', String(query.page ?? 1));
  if (query.pageSize) searchParams.set('pageSize', String(query.pageSize));
  if (query.sort) searchParams.set('sort', query.sort);
  const answer = await getJson<unknown>('products', { signal: options.signal, searchParams });
  // A page asked for is a page: anything else (a plain list from a poisoned cache, a proxy's page) is an error the
  // screen shows with "Try again", never "undefined products" (and the server-rendered page is then not cached).
  if (!isProductPage(answer)) throw new ApiError('The products could not be loaded, please try again', 502);
  return answer;
}

function isProductPage(value: unknown): value is ProductPage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const page = value as Record<string, unknown>;
  return Array.isArray(page.products) && [page.total, page.page, page.pages].every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0);
}

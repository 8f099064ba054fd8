import type { ProductPage } from '@shop/contracts';
import { getJson } from './api-client';

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
export function getProductPage(query: ProductPageQuery, options: GetProductPageOptions = {}): Promise<ProductPage> {
  const searchParams = new URLSearchParams();
  if (query.q?.trim()) searchParams.set('q', query.q.trim());
  if (query.type) searchParams.set('type', query.type);
  searchParams.set('page', String(query.page ?? 1));
  if (query.pageSize) searchParams.set('pageSize', String(query.pageSize));
  if (query.sort) searchParams.set('sort', query.sort);
  return getJson<ProductPage>('products', { signal: options.signal, searchParams });
}

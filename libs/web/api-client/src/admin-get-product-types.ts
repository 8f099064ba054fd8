import { getJson } from './api-client';

export interface AdminGetProductTypesOptions {
  signal?: AbortSignal;
}

/** Every type the owner's products use, hidden ones included (`GET /api/admin/products/types`, admin, issue 26). */
export function adminGetProductTypes(options: AdminGetProductTypesOptions = {}): Promise<string[]> {
  return getJson<string[]>('admin/products/types', { signal: options.signal });
}

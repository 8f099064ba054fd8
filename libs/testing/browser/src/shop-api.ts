/** A call to the shop's API from a test: `token` signs it as the owner, `expect` is the status it must answer (200). */
export interface ShopCall extends RequestInit {
  token?: string;
  expect?: number;
}

/**
 * The browser tests' own client of a shop's API at `baseUrl` (the gateway, or the storefront that forwards /api):
 * JSON in and out, and an error naming the call, its answer and its body on any other status than the one expected.
 */
export function shopApi(baseUrl: string): <T>(path: string, init?: ShopCall) => Promise<T> {
  return async <T>(path: string, init: ShopCall = {}): Promise<T> => {
    const { token, expect: status = 200, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (rest.body) headers.set('Content-Type', 'application/json');
    const response = await fetch(`${baseUrl}${path}`, { ...rest, headers });
    const text = await response.text();
    if (response.status !== status) throw new Error(`${rest.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

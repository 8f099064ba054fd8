import { shopApi } from '@shop/browser-testing';
import { STOREFRONT_URL } from './browser';

/** The owner's side of a storefront test: product changes made through the API, as the admin app makes them. */
const call = shopApi(STOREFRONT_URL);

export async function adminToken(): Promise<string> {
  const login = await call<{ token: string }>('/api/users/login', {
    method: 'POST',
    body: JSON.stringify({ username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'change-me-admin' }),
  });
  return login.token;
}

export interface TestProductInput {
  name: string;
  price: number;
  image: string;
  countInStock: number;
  subimages?: string[];
}

function body(input: TestProductInput): string {
  return JSON.stringify({ subimages: [], ...input, oldprice: 0, description: 'A product made by a storefront browser test.', type: 'E2E' });
}

export function createProduct(token: string, input: TestProductInput): Promise<{ _id: string; name: string; price: number }> {
  return call('/api/products', { method: 'POST', token, expect: 201, body: body(input) });
}

export function updateProduct(token: string, id: string, input: TestProductInput): Promise<{ _id: string; price: number }> {
  return call(`/api/products/${id}`, { method: 'PUT', token, body: body(input) });
}

export function deleteProduct(token: string, id: string): Promise<unknown> {
  return call(`/api/products/${id}`, { method: 'DELETE', token });
}

/** The owner cancels an order, as the admin app's 'Cancel Order' does. */
export function cancelOrder(token: string, id: string): Promise<{ state: string }> {
  return call(`/api/orders/${id}/cancel`, { method: 'POST', token, body: JSON.stringify({}) });
}

import { randomBytes } from 'node:crypto';
import { shopApi } from '@shop/browser-testing';
import type { NotificationPage, Order, OrderStats, ProductSummary, SiteSettings } from '@shop/contracts';
import { GATEWAY_URL } from './admin-browser';

const call = shopApi(GATEWAY_URL);

export async function getSettings(): Promise<SiteSettings> {
  const [first] = await call<SiteSettings[]>('/api/controls');
  return first;
}

/** Puts a settings record back as it was (the body is the record itself; `_id` and `call` are ignored by the API). */
export function putSettings(settings: SiteSettings, token: string): Promise<SiteSettings> {
  return call<SiteSettings>(`/api/controls/${settings._id}`, { method: 'PUT', body: JSON.stringify(settings), token });
}

export function listProducts(): Promise<ProductSummary[]> {
  return call<ProductSummary[]>('/api/products');
}

/** Out of stock; with `withLowStock`, as the restock screen lists them (issue 26: those running low too). */
export function getRestock(token: string, withLowStock = false): Promise<ProductSummary[]> {
  return call<ProductSummary[]>(`/api/products/restock${withLowStock ? '?include=low-stock' : ''}`, { token });
}

/**
 * A product the tests own, with the stock given. Its picture is a demo file the gateway serves: orders keep their
 * lines' pictures after the product is gone, and an outside picture would break later screens under the admin CSP.
 */
export function createProduct(token: string, name: string, countInStock: number): Promise<{ _id: string; name: string }> {
  return call('/api/products', {
    method: 'POST',
    token,
    expect: 201,
    body: JSON.stringify({
      name,
      price: 42.5,
      image: '/api/files/demo/mango-lip-balm.svg',
      subimages: [],
      description: 'A product made by the dashboard browser test.',
      countInStock,
      type: 'E2E',
    }),
  });
}

export function deleteProduct(token: string, id: string): Promise<unknown> {
  return call(`/api/products/${id}`, { method: 'DELETE', token });
}

/** A 'uid-' visitor id of 12 random characters. */
export function visitorId(): string {
  return `uid-${randomBytes(9).toString('base64url')}`;
}

/** Places a pay-in-person order as a shopper would (visitor id and idempotency key headers). */
export function placeInPersonOrder(items: Array<{ product: string; qty: number }>, email: string): Promise<Order> {
  const visitor = visitorId();
  return call<Order>('/api/orders/inperson', {
    method: 'POST',
    expect: 201,
    headers: { 'X-Visitor-Id': visitor, 'Idempotency-Key': `e2e-${visitor}-${Date.now()}` },
    body: JSON.stringify({
      id: visitor,
      fname: 'Anya',
      lname: 'Ramdial',
      email,
      phone: '(868)555-0177',
      city: 'Arima',
      street: '4 Hollis Avenue',
      orderItems: items,
    }),
  });
}

/** The owner marks an order delivered; an in-person order is then paid (product rules section 2). */
export function deliverOrder(token: string, id: string): Promise<Order> {
  return call<Order>(`/api/orders/${id}`, { method: 'PUT', token, body: JSON.stringify({ deliveryStatus: 'Delivered' }) });
}

export function getStats(token: string, from: string, to: string): Promise<OrderStats> {
  return call<OrderStats>(`/api/orders/stats?from=${from}&to=${to}`, { token });
}

export function getNotifications(token: string, query = ''): Promise<NotificationPage> {
  return call<NotificationPage>(`/api/notifications${query ? `?${query}` : ''}`, { token });
}

/** Polls until `check` holds (mails are sent by a background job), or throws after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

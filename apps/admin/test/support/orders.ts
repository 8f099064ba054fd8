import { answerOnSandbox, placeOrderAs, type Shopper, shopApi, useVisitor } from '@shop/browser-testing';
import type { LoginResponse, Notification, NotificationPage, Order, OrderStats, Product } from '@shop/contracts';
import type { Browser } from 'playwright-core';
import { GATEWAY_URL, STOREFRONT_URL } from './admin-browser';

/** Checkout names take letters only: a run's tag is the time in base 36 with its digits turned into letters. */
export function letterTag(): string {
  const tag = Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  return tag.charAt(0).toUpperCase() + tag.slice(1);
}

const call = shopApi(GATEWAY_URL);

/** A product of this test file with plenty of stock, so its orders leave the demo products' stock alone. */
export function createProduct(login: LoginResponse, name: string, price: number): Promise<Product> {
  return call<Product>('/api/products', {
    method: 'POST',
    token: login.token,
    expect: 201,
    body: JSON.stringify({
      name,
      price,
      image: '/api/files/demo/mango-lip-balm.svg',
      description: 'A balm made for the admin order tests.',
      countInStock: 1000,
      type: 'Lip Balm',
    }),
  });
}

/** Places an order through the run's gateway as the shopper's browser does. */
export function placeOrder(who: Shopper, items: Array<{ product: string; qty: number }>, inPerson = false): Promise<Order> {
  return placeOrderAs(GATEWAY_URL, who, items, inPerson);
}

/**
 * Pays a card order as the shopper: the sandbox's hosted page, 'Approve', then back to the storefront's
 * result page, which sends the provider's result to the server (which checks its hash).
 */
export async function payOnSandbox(browser: Browser, who: Shopper, orderId: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await useVisitor(page, STOREFRONT_URL, who.visitorId);
    await answerOnSandbox(page, GATEWAY_URL, who.visitorId, orderId);
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });
  } finally {
    await context.close();
  }
}

/** The order as an admin sees it. */
export function getOrder(login: LoginResponse, id: string): Promise<Order> {
  return call<Order>(`/api/orders/${id}`, { token: login.token });
}

export async function orderStatus(login: LoginResponse, id: string): Promise<number> {
  const response = await fetch(`${GATEWAY_URL}/api/orders/${id}`, { headers: { Authorization: `Bearer ${login.token}` } });
  return response.status;
}

/** Asks the API to move an order, as a script would; answers the status code. */
export async function updateStatusOverApi(login: LoginResponse, id: string, deliveryStatus: string): Promise<number> {
  const response = await fetch(`${GATEWAY_URL}/api/orders/${id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${login.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ deliveryStatus }),
  });
  return response.status;
}

/**
 * What a test leaves behind goes out of the way (issue 26: delete only for an unpaid order that holds no stock): an
 * order not yet out is cancelled (its stock goes back), then deleted if it may be, else archived if it may be.
 */
export async function discardOrder(login: LoginResponse, id: string): Promise<void> {
  const auth = { Authorization: `Bearer ${login.token}` };
  const read = await fetch(`${GATEWAY_URL}/api/orders/${id}`, { headers: auth });
  if (read.status === 404) return;
  let order = (await read.json()) as Order;
  if (order.actions?.includes('cancel')) {
    const cancelled = await fetch(`${GATEWAY_URL}/api/orders/${id}/cancel`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
    if (cancelled.status !== 200) throw new Error(`cancel answered ${cancelled.status}`);
    order = (await cancelled.json()) as Order;
  }
  if (order.deletable) {
    const deleted = await fetch(`${GATEWAY_URL}/api/orders/${id}`, { method: 'DELETE', headers: auth });
    if (deleted.status !== 200 && deleted.status !== 404) throw new Error(`DELETE order answered ${deleted.status}`);
  } else if (order.archivable && !order.archivedAt) {
    await fetch(`${GATEWAY_URL}/api/orders/${id}/archive`, { method: 'POST', headers: auth });
  }
}

/** Asks the API to delete an order, as a script would; answers the status code. */
export async function deleteOverApi(login: LoginResponse, id: string): Promise<number> {
  return (await fetch(`${GATEWAY_URL}/api/orders/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${login.token}` } })).status;
}

/** Orders waiting for the owner, as the server counts them. */
export async function badge(login: LoginResponse): Promise<number> {
  return (await call<OrderStats>('/api/orders/stats', { token: login.token })).badge;
}

/** The shop's logged mails about one order (newest first, the last 100 mails looked at). */
export async function mailsAbout(login: LoginResponse, orderId: string): Promise<Notification[]> {
  const page = await call<NotificationPage>('/api/notifications?pageSize=100', { token: login.token });
  return page.notifications.filter((n) => n.orderId === orderId);
}

// One polling helper for every admin test: it throws with the last value seen when the time is up.
export { eventually } from './shop-api';

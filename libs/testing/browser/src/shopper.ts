import { randomBytes, randomUUID } from 'node:crypto';
import type { Order, OrderCustomer } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { shopApi } from './shop-api';

/** Who places a test's order: the order's customer fields, all filled, and the visitor id the shopper's browser sends with it. */
export type Shopper = Required<Omit<OrderCustomer, 'id' | 'note'>> & { visitorId: string };

/** A fresh visitor id ('uid-' + 12 characters). */
export function newVisitorId(): string {
  return `uid-${randomBytes(9).toString('base64url').slice(0, 12)}`;
}

/** A shopper of a fresh visitor, with a mail address made of the names and a phone, town and street that pass checkout. */
export function shopper(fname: string, lname: string): Shopper {
  return {
    visitorId: newVisitorId(),
    fname,
    lname,
    // Mail addresses take plain letters: 'Renée' becomes 'renee'.
    email: `${fname}.${lname}@example.tt`.normalize('NFD').replace(/[^\x20-\x7e]/g, '').toLowerCase(),
    phone: '8685550142',
    city: 'San Fernando',
    street: '21 Coffee Street',
  };
}

/**
 * Places an order through the shop's API at `baseUrl` as the shopper's browser does: visitor id and an idempotency
 * key with it. Fields beside the shopper's (a delivery area, a note) go with the order.
 */
export function placeOrderAs(baseUrl: string, who: Shopper, items: Array<{ product: string; qty: number }>, inPerson = false): Promise<Order> {
  const { visitorId, ...customer } = who;
  return shopApi(baseUrl)<Order>(inPerson ? '/api/orders/inperson' : '/api/orders', {
    method: 'POST',
    expect: 201,
    headers: { 'X-Visitor-Id': visitorId, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ ...customer, id: visitorId, orderItems: items }),
  });
}

/** Puts the visitor id where the storefront at `storefrontUrl` keeps it, from a page of its origin (the cart: an unknown path would log a 404). */
export async function useVisitor(page: Page, storefrontUrl: string, visitorId: string): Promise<void> {
  await page.goto(`${storefrontUrl}/cart`);
  await page.evaluate((id) => localStorage.setItem('userId', JSON.stringify({ id })), visitorId);
}

/**
 * Opens a card order's page on the payment sandbox as the visitor who placed it (only they may) and presses
 * Approve or Decline; the sandbox then sends the browser back to the shop's result page.
 */
export async function answerOnSandbox(page: Page, baseUrl: string, visitorId: string, orderId: string, button: 'Approve' | 'Decline' = 'Approve'): Promise<void> {
  const { url } = await shopApi(baseUrl)<{ url: string }>('/api/orders/pay', { method: 'POST', body: JSON.stringify({ orderId }), headers: { 'X-Visitor-Id': visitorId } });
  await page.goto(url);
  await page.getByRole('button', { name: button }).click();
}

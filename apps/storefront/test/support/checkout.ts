import type { Page } from 'playwright-core';
import { newestOrderId, nextOrderVisitorId, openProduct, STOREFRONT_URL } from './browser';

/** What a shopper types into the checkout form: each field's label, and its value. */
export type CheckoutDetails = Record<string, string> | Array<[label: string, value: string]>;

/** A shopper whose details pass checkout, for the tests that do not look at who ordered. */
export const SHOPPER_DETAILS: Record<string, string> = {
  'First Name': 'Keisha',
  'Last Name': 'Baptiste',
  Email: 'keisha@example.tt',
  'Contact Number': '8685550177',
  'City/Area': 'Arima',
  Street: '3 Queen Mary Avenue',
};

/** A shopper whose town, Chaguanas, is in Central Trinidad: the form flags it under South Trinidad. */
export const CHAGUANAS_SHOPPER: Array<[label: string, value: string]> = [
  ['First Name', 'Kavita'],
  ['Last Name', 'Maharaj'],
  ['Email', 'kavita@example.tt'],
  ['Contact Number', '8685550142'],
  ['City/Area', 'Chaguanas'],
  ['Street', '9 Caroni Savannah Road'],
];

/** Fills the checkout form field by field, each found by its label as the shopper reads it. */
export async function fillCheckoutForm(page: Page, details: CheckoutDetails): Promise<void> {
  for (const [label, value] of Array.isArray(details) ? details : Object.entries(details)) await page.getByLabel(label, { exact: true }).fill(value);
}

/** Puts `qty` of the product in the cart from its page, as a shopper does, and waits for the cart. */
export async function addToCart(page: Page, product: { _id: string; name: string }, qty: number): Promise<void> {
  await openProduct(page, product);
  await page.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL(`${STOREFRONT_URL}/cart`);
}

/** Sends the filled checkout with "Pay by Card", waits for the sandbox's payment page, and answers the new order's id. */
export async function payByCard(page: Page): Promise<string> {
  const visitorId = nextOrderVisitorId(page);
  await page.getByRole('button', { name: 'Pay by Card' }).click();
  await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
  return newestOrderId(await visitorId);
}

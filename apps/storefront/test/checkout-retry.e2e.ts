import type { Page, Route } from 'playwright-core';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { addToCart, fillCheckoutForm, SHOPPER_DETAILS } from './support/checkout';

// Issue 14: an error answer does not say that no order was stored. The checkout keeps its
// Idempotency-Key until an order is confirmed, so the shopper's retry gets the stored order back.

const open = useBrowserPages();

const UNAVAILABLE = { message: 'Service temporarily unavailable, please try again shortly' };

async function ordersOf(visitorId: string): Promise<Array<{ _id: string }>> {
  const response = await fetch(`${STOREFRONT_URL}/api/orders/tracking/${visitorId}`, { headers: { 'X-Visitor-Id': visitorId } });
  return (await response.json()) as Array<{ _id: string }>;
}

async function openCheckoutWithOneItem(page: Page): Promise<void> {
  const products = await fetchProducts();
  const product = products.find((p) => p.countInStock >= 3)!;
  await addToCart(page, product, 1);
  await page.goto(`${STOREFRONT_URL}/checkout`);
  await page.getByRole('table', { name: 'Your order' }).waitFor();
  await fillCheckoutForm(page, SHOPPER_DETAILS);
}

it('retries a checkout whose order was stored behind an error answer with the same Idempotency-Key, and gets that one order', async () => {
  const { page, errors } = await open('desktop');
  await openCheckoutWithOneItem(page);

  // Attempt 1 reaches the server, which stores the order, but the shopper sees a 503 (the answer was
  // lost to a restart). Attempt 2 gets a 500 without reaching the server. Attempt 3 goes through.
  const keys: string[] = [];
  let visitorId = '';
  let storedId = '';
  await page.route('**/api/orders/inperson', async (route: Route) => {
    const request = route.request();
    keys.push(request.headers()['idempotency-key'] ?? '');
    visitorId = request.headers()['x-visitor-id'] ?? '';
    if (keys.length === 1) {
      const stored = await route.fetch();
      storedId = ((await stored.json()) as { _id: string })._id;
      await route.fulfill({ status: 503, json: UNAVAILABLE });
    } else if (keys.length === 2) {
      await route.fulfill({ status: 500, json: { message: 'Internal server error' } });
    } else {
      await route.continue();
    }
  });

  await page.getByRole('button', { name: 'Pay In Person' }).click();
  await page.getByText(UNAVAILABLE.message).waitFor();
  expect(storedId).not.toBe('');
  await page.getByRole('button', { name: 'Pay In Person' }).click();
  await page.getByText('Internal server error').waitFor();
  await page.getByRole('button', { name: 'Pay In Person' }).click();
  await page.waitForURL(/\/checkoutInPerson\//);
  await page.getByRole('heading', { name: 'Order Submitted Successfully' }).waitFor();

  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[\x21-\x7e]{8,}$/);
  // The page shows the order stored by the first attempt, and the visitor has that one order only.
  expect(new URL(page.url()).pathname).toBe(`/checkoutInPerson/${storedId}`);
  expect((await ordersOf(visitorId)).map((o) => o._id)).toEqual([storedId]);
  // The console errors are the two failed requests the test answered on purpose.
  expect(errors.filter((e) => !/status of (500|503)/.test(e))).toEqual([]);
});

it('starts a new key for the next checkout once an order is confirmed', async () => {
  const { page } = await open('desktop');
  const keys: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/orders/inperson' && request.method() === 'POST') keys.push(request.headers()['idempotency-key'] ?? '');
  });
  for (let i = 0; i < 2; i++) {
    await openCheckoutWithOneItem(page);
    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.waitForURL(/\/checkoutInPerson\//);
    await page.getByRole('heading', { name: 'Order Submitted Successfully' }).waitFor();
  }
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe(keys[1]);
});

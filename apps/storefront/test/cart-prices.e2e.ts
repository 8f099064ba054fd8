import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { saveScreenshot, SIZES, ttd } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { fillCheckoutForm, payByCard } from './support/checkout';
import { adminToken, createProduct, deleteProduct, type TestProductInput, updateProduct } from './support/shop-admin';

const open = useBrowserPages();

const DETAILS = {
  'First Name': 'Kezia',
  'Last Name': 'Mohammed',
  Email: 'kezia@example.tt',
  'Contact Number': '8685550199',
  'City/Area': 'Chaguanas',
  Street: '7 Main Road',
};

const fillDetails = (page: Page) => fillCheckoutForm(page, DETAILS);

async function deliveryCost(): Promise<number> {
  const list = (await (await fetch(`${STOREFRONT_URL}/api/controls`)).json()) as Array<{ paymentSettings: { deliveryCost: number } }>;
  return list[0].paymentSettings.deliveryCost;
}

/** A product of the test's own (so a price change touches no other test), with a picture the shop serves. */
async function ownProduct(token: string, price: number, countInStock = 20): Promise<TestProductInput & { _id: string }> {
  const [demo] = await fetchProducts();
  const input = { name: `Sorrel Glow Balm ${randomUUID().slice(0, 6)}`, price, image: demo.image, countInStock };
  const created = await createProduct(token, input);
  return { ...input, _id: created._id };
}

async function addToCart(page: Page, id: string, name: string, qty: number): Promise<void> {
  await page.goto(`${STOREFRONT_URL}/product/${id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByLabel('Quantity', { exact: true }).fill(String(qty));
  // The cart prices its lines as it opens: wait for that answer, so a later change is one the cart has not seen.
  const quoted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders/quote');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL(`${STOREFRONT_URL}/cart`);
  await quoted;
}

/** The sandbox's payment page: its text, once its buttons are there. */
async function paymentPageText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
  return page.locator('body').innerText();
}

/** Every TT$ amount a page shows. */
function amounts(text: string): string[] {
  return [...text.matchAll(/TT\$[\d,]+\.\d{2}/g)].map((m) => m[0]);
}

describe.each(SIZES)('cart prices come from the server (%s)', (viewport) => {
  let token: string;
  beforeAll(async () => {
    token = await adminToken();
  });

  it('shows a price that rose while the item sat in the cart, and the payment page asks exactly the confirmed total', async () => {
    const product = await ownProduct(token, 45);
    const delivery = await deliveryCost();
    const { page, errors } = await open(viewport);
    await addToCart(page, product._id, product.name, 2);
    await page.getByText(`${ttd(45)} x 2`).waitFor();

    // The owner raises the price; the cart in browser storage still says 45.
    await updateProduct(token, product._id, { ...product, price: 60 });
    await page.goto(`${STOREFRONT_URL}/cart`);
    await page.getByText(`${ttd(60)} x 2 = ${ttd(120)}`).waitFor();
    const line = page.locator('.cart-line', { hasText: product.name });
    expect(await line.innerText()).toContain(`Price changed: was ${ttd(45)}, now ${ttd(60)}`);
    expect(await page.getByLabel('Cart total').innerText()).toContain(ttd(120));
    await saveScreenshot(page, `storefront-cart-price-changed-${viewport}`);

    await page.getByRole('main').getByRole('link', { name: 'Checkout' }).click();
    const table = page.getByRole('table', { name: 'Your order' });
    await table.waitFor();
    const total = 120 + delivery;
    expect(await table.innerText()).toContain(ttd(total));
    expect(await table.innerText()).not.toContain(ttd(45));
    await fillDetails(page);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    const payment = await paymentPageText(page);
    expect(amounts(payment).length).toBeGreaterThan(0);
    expect(new Set(amounts(payment))).toEqual(new Set([ttd(total)]));
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('main').innerText()).toContain(ttd(total));
    expect(errors).toEqual([]);
  });

  it('refuses the order when the price rises between opening checkout and paying, and the shopper confirms the new total', async () => {
    const product = await ownProduct(token, 45);
    const delivery = await deliveryCost();
    const { page } = await open(viewport);
    await addToCart(page, product._id, product.name, 2);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    const table = page.getByRole('table', { name: 'Your order' });
    await table.waitFor();
    expect(await table.innerText()).toContain(ttd(90 + delivery));
    await fillDetails(page);

    await updateProduct(token, product._id, { ...product, price: 60 });
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    expect((await refused).status()).toBe(409);
    const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Prices changed' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(
      `Prices changed: ${product.name} is now ${ttd(60)} (was ${ttd(45)}). Please check the new total and confirm your order again.`,
    );
    // The summary now shows the server's new figures, and the notice says what moved.
    await page.getByRole('table', { name: 'Your order' }).getByText(ttd(120 + delivery)).waitFor();
    expect(await page.getByRole('list', { name: 'Changes to your cart' }).innerText()).toContain(
      `The price of ${product.name} changed from ${ttd(45)} to ${ttd(60)}.`,
    );
    await saveScreenshot(page, `storefront-checkout-price-changed-${viewport}`);

    // Confirming again pays exactly the new total; the form kept what was typed.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(DETAILS.Email);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    expect(new Set(amounts(await paymentPageText(page)))).toEqual(new Set([ttd(120 + delivery)]));
  });

  it('names a product deleted while in the cart, leaves it out, and checkout goes on with the rest', async () => {
    const gone = await ownProduct(token, 30);
    const kept = await ownProduct(token, 25);
    const delivery = await deliveryCost();
    const { page, errors } = await open(viewport);
    await addToCart(page, gone._id, gone.name, 1);
    await addToCart(page, kept._id, kept.name, 2);

    await deleteProduct(token, gone._id);
    await page.goto(`${STOREFRONT_URL}/cart`);
    const line = page.locator('.cart-line', { hasText: gone.name });
    await line.getByText(`${gone.name} is no longer available. It is not included in your total.`).waitFor();
    expect(await page.getByLabel('Cart total').innerText()).toContain(`Total (2 items): ${ttd(50)}`);
    await saveScreenshot(page, `storefront-cart-unavailable-${viewport}`);

    await page.getByRole('main').getByRole('link', { name: 'Checkout' }).click();
    const table = page.getByRole('table', { name: 'Your order' });
    await table.waitFor();
    const summary = await table.innerText();
    expect(summary).toContain(kept.name);
    expect(summary).not.toContain(gone.name);
    expect(summary).toContain(ttd(50 + delivery));
    expect(await page.getByRole('list', { name: 'Changes to your cart' }).innerText()).toContain(`${gone.name} is no longer available`);
    await fillDetails(page);
    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.waitForURL(/\/checkoutInPerson\//);
    await page.getByText('Will be Paid In Person').waitFor({ timeout: 20_000 });
    const result = await page.getByRole('main').innerText();
    expect(result).toContain(kept.name);
    expect(result).not.toContain(gone.name);
    expect(result).toContain(ttd(50 + delivery));
    // The short order number on the confirmation, and on tracking (the id stays in the link).
    const orderNumber = /Order number: (IG-\d+)/.exec(result)?.[1];
    expect(orderNumber).toBeDefined();
    await page.getByRole('main').getByRole('link', { name: 'Track this order' }).click();
    await page.locator('dd', { hasText: orderNumber }).first().waitFor();
    await page.goto(`${STOREFRONT_URL}/tracking`);
    await page.getByText(orderNumber ?? 'missing').first().waitFor();
    expect(errors).toEqual([]);
  });

  it("shows a deleted product's page as not found, with no uncaught script error behind the message", async () => {
    const gone = await ownProduct(token, 12);
    await deleteProduct(token, gone._id);
    const { page, errors } = await open(viewport);
    // The product page's code arrives late (a slow phone network), so the server's 404 answer comes first: the
    // case in which the error used to show.
    await page.route(/\/assets\/product-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    // Loaded fresh and reached in the app, several times.
    for (let round = 0; round < 4; round += 1) {
      await page.goto(round % 2 === 0 ? `${STOREFRONT_URL}/product/${gone._id}` : `${STOREFRONT_URL}/404`);
      if (round % 2 === 1) {
        await page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/product/${gone._id}`);
      }
      await page.getByRole('main').getByRole('alert').filter({ hasText: 'Product not found' }).waitFor();
    }
    // The browser reports the 404 answer itself; no script error may come with it.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it("keeps the shopper's details for 'Try again' after a declined card, so the retry is one click", async () => {
    const product = await ownProduct(token, 20);
    const { page } = await open(viewport);
    await addToCart(page, product._id, product.name, 1);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await fillDetails(page);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('button', { name: 'Decline' }).click({ timeout: 20_000 });
    await page.getByText('Payment Unsuccessful. Sorry, please try again.').waitFor({ timeout: 20_000 });

    await page.getByRole('main').getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('table', { name: 'Your order' }).waitFor();
    for (const [label, value] of Object.entries(DETAILS)) {
      const expected = label === 'Contact Number' ? '(868)555-0199' : value;
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(expected);
    }
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
  });

  it('shows the order as the server knows it beside a refused result, with its tracking link and a way to pay again', async () => {
    const product = await ownProduct(token, 20);
    const { page } = await open(viewport);
    await addToCart(page, product._id, product.name, 1);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await fillDetails(page);
    const orderId = await payByCard(page);

    await page.goto(`${STOREFRONT_URL}/checkout/${orderId}?status=success&order_id=oid-forgedforged&total=1.00&hash=abc`);
    const main = page.getByRole('main');
    await main.getByRole('alert').waitFor({ timeout: 20_000 });
    expect(await main.getByRole('alert').innerText()).toContain('Payment could not be verified');
    await main.getByText('Delivery Status: Payment Unsuccessful').waitFor();
    expect(await main.innerText()).toContain(product.name);
    expect(await main.getByRole('link', { name: 'Track this order' }).getAttribute('href')).toContain(orderId);
    await saveScreenshot(page, `storefront-checkout-refused-result-${viewport}`);

    await main.getByRole('button', { name: 'Pay for this order' }).click();
    await page.getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });
  });
});

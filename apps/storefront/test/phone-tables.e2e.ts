import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { brokenWords, saveScreenshot, SIZES } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { addToCart, fillCheckoutForm, payByCard } from './support/checkout';
import { adminToken, createProduct } from './support/shop-admin';

const open = useBrowserPages();

const DETAILS = {
  'First Name': 'Anya',
  'Last Name': 'Baptiste-Ramkissoon',
  Email: 'anya@example.tt',
  'Contact Number': '8685550142',
  'City/Area': 'Arima',
  Street: '4 Pro Queen Street',
};

/** Long names beside four-figure prices: the lines a phone's order tables have to fit. */
const NAMES = ['Island Journey Shea Butter Moisturizer Gift Hamper', 'Hibiscus Sugar Body Scrub'];

/** No word of any table cell or fact is broken inside itself, and no order table has to scroll sideways. */
async function expectWholeWords(page: Page, where: string): Promise<void> {
  expect({ where, broken: await brokenWords(page) }).toEqual({ where, broken: [] });
  const sideways = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.order-summary')).filter((box) => box.scrollWidth > box.clientWidth + 1).length,
  );
  expect({ where, sideways }).toEqual({ where, sideways: 0 });
}

describe.each(SIZES)('order tables keep words whole (%s)', (viewport) => {
  let token: string;
  let products: Array<{ _id: string; name: string }>;

  beforeAll(async () => {
    token = await adminToken();
    const [demo] = await fetchProducts();
    const tag = randomUUID().slice(0, 4);
    products = [];
    for (const [index, name] of NAMES.entries()) {
      const full = `${name} ${tag}`;
      const created = await createProduct(token, { name: full, price: index === 0 ? 1250 : 45.5, image: demo.image, countInStock: 50 });
      products.push({ _id: created._id, name: full });
    }
  });

  it('on checkout, the in-person confirmation and the tracking page', async () => {
    const { page, errors } = await open(viewport);
    await addToCart(page, products[0], 2);
    await addToCart(page, products[1], 3);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await page.getByRole('table', { name: 'Your order' }).waitFor();
    await page.getByRole('button', { name: 'Pay In Person' }).and(page.locator(':enabled')).waitFor();
    await expectWholeWords(page, 'checkout');
    await saveScreenshot(page, `storefront-table-checkout-${viewport}`);

    await fillCheckoutForm(page, DETAILS);
    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.waitForURL(/\/checkoutInPerson\//);
    await page.getByRole('heading', { name: 'Order Submitted Successfully' }).waitFor({ timeout: 20_000 });
    await expectWholeWords(page, 'in-person result');
    await saveScreenshot(page, `storefront-table-in-person-result-${viewport}`);

    await page.getByRole('link', { name: 'Track this order', exact: true }).click();
    await page.waitForURL(/\/tracking\//);
    await page.getByRole('table', { name: 'Items ordered' }).waitFor();
    await expectWholeWords(page, 'tracking');
    await saveScreenshot(page, `storefront-table-tracking-${viewport}`);
    expect(errors).toEqual([]);
  });

  it('on a card result page the server could not verify', async () => {
    const { page } = await open(viewport);
    await addToCart(page, products[0], 1);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await fillCheckoutForm(page, DETAILS);
    const orderId = await payByCard(page);
    await page.goto(`${STOREFRONT_URL}/checkout/${orderId}?status=success&order_id=oid-forgedforged&total=1.00&hash=abc`);
    await page.getByRole('main').getByRole('alert').waitFor({ timeout: 20_000 });
    await page.getByRole('table').first().waitFor();
    await expectWholeWords(page, 'card result');
    await saveScreenshot(page, `storefront-table-card-result-${viewport}`);
  });
});

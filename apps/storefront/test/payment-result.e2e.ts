import { saveScreenshot } from '@shop/browser-testing';
import { fetchProducts, openProduct, PAYMENT_RESULT_URL, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { fillCheckoutForm } from './support/checkout';

const SHOPPER = {
  'First Name': 'Renee',
  'Last Name': 'Baptiste',
  Email: 'renee.baptiste@example.tt',
  'Contact Number': '8685550199',
  'City/Area': 'Port of Spain',
  Street: '4 Ariapita Avenue',
};

/**
 * The card payment's result page on a phone, reached from a product page the shopper had scrolled: it opens at the
 * top, and once it has read the provider's parameters its address holds none of the shopper's details. A later
 * full load of another page opens at the top too (every full load used to share one saved scroll position).
 */
describe('the card payment result on a phone', () => {
  const open = useBrowserPages();

  it('opens at the top with a clean address, and /tracking afterwards opens at the top', async () => {
    const product = (await fetchProducts()).find((p) => p.countInStock > 2);
    if (!product) throw new Error('nothing in stock');
    const { page } = await open('phone');
    await openProduct(page, product);
    await page.evaluate(() => window.scrollTo({ top: 300 }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    await page.getByRole('main').getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/checkout`);
    await fillCheckoutForm(page, SHOPPER);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 });

    await page.waitForURL(PAYMENT_RESULT_URL);
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });
    // At the top: not at the product page's saved position (every full load shared the key "default").
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The address is cleaned once the provider's parameters are read: no card, name, e-mail or address in it.
    await page.waitForURL(/\/checkout\/[^/?]+$/);
    const address = decodeURIComponent(page.url());
    for (const detail of ['renee', 'Baptiste', 'Ariapita', 'card', 'customer_', 'transaction_id', 'hash']) expect(address).not.toContain(detail);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(740 + 300);
    // The thank-you, in the first screen: the order number, where the receipt went, when it should arrive.
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you, Renee!' });
    await thanks.waitFor();
    const said = await thanks.innerText();
    expect(said).toMatch(/Your order number is \S+\./);
    expect(said).toContain('A receipt has been sent to renee.baptiste@example.tt.');
    expect(said).toMatch(/Port of Spain and environs: expected (between )?\w{3}, \d{1,2} \w{3}/);
    const box = await thanks.boundingBox();
    expect(box && box.y + box.height <= 740).toBe(true);
    await saveScreenshot(page, 'storefront-payment-result-top-phone');

    // A reload of the clean address shows the same order, without sending the payment again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });

    await page.goto(`${STOREFRONT_URL}/tracking`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('puts "Try again" and "Pay in person instead" first after a declined card', async () => {
    const product = (await fetchProducts()).find((p) => p.countInStock > 2);
    if (!product) throw new Error('nothing in stock');
    const { page } = await open('phone');
    await page.goto(`${STOREFRONT_URL}/checkout?add=${product._id}&qty=1`);
    await page.getByRole('table', { name: 'Your order' }).waitFor();
    await fillCheckoutForm(page, SHOPPER);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('button', { name: 'Decline' }).click({ timeout: 20_000 });
    await page.waitForURL(PAYMENT_RESULT_URL);
    const retry = page.getByRole('main').getByRole('link', { name: 'Try again' });
    await retry.waitFor({ timeout: 20_000 });
    const inPerson = page.getByRole('main').getByRole('link', { name: 'Pay in person instead' });
    const table = page.getByRole('main').getByRole('table').first();
    const [retryBox, inPersonBox, tableBox] = await Promise.all([retry.boundingBox(), inPerson.boundingBox(), table.boundingBox()]);
    expect(retryBox && inPersonBox && tableBox && retryBox.y < tableBox.y && inPersonBox.y < tableBox.y).toBe(true);
    expect(retryBox && retryBox.y + retryBox.height <= 740).toBe(true);
    await saveScreenshot(page, 'storefront-payment-declined-phone');
  });
});

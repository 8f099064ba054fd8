import type { Page } from 'playwright-core';
import { saveScreenshot, SIZES, toast, ttd } from '@shop/browser-testing';
import { fetchProducts, PAYMENT_RESULT_URL, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { addToCart, fillCheckoutForm, payByCard } from './support/checkout';

const open = useBrowserPages();

async function deliveryCost(): Promise<number> {
  const response = await fetch(`${STOREFRONT_URL}/api/controls`);
  const list = (await response.json()) as Array<{ paymentSettings: { deliveryCost: number } }>;
  return list[0]?.paymentSettings.deliveryCost ?? 35;
}

const GOOD = {
  'First Name': "Aaliyah O'Neil",
  'Last Name': 'Ramdass-Joseph',
  Email: 'aaliyah@example.tt',
  'Contact Number': '8685550123',
  'City/Area': 'San Fernando',
  Street: '12 Coffee Street',
};

const fillGood = (page: Page) => fillCheckoutForm(page, GOOD);

const expectToast = (page: Page, text: string) => toast(page, text).waitFor();

async function placedOrderId(page: Page): Promise<string> {
  const match = /\/(?:checkout|checkoutInPerson)\/([^/?]+)/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not on a result page: ${page.url()}`);
  return match[1];
}

describe.each(SIZES)('storefront checkout (%s)', (viewport) => {
  it('checks every field on blur and submit, formats the phone, pays by card on the sandbox and empties the cart', async () => {
    const products = await fetchProducts();
    const curl = products.find((p) => p.name === 'Coconut Curl Moisturizer')!;
    const balm = products.find((p) => p.name === 'Passion Fruit Tinted Lip Balm')!;
    const delivery = await deliveryCost();
    const { page, errors } = await open(viewport);
    await addToCart(page, curl, 2);
    await addToCart(page, balm, 1);
    await page.getByRole('main').getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/checkout`);

    const table = page.getByRole('table', { name: 'Your order' });
    await table.waitFor();
    const summary = await table.innerText();
    expect(summary).toContain(ttd(curl.price * 2));
    expect(summary).toContain(ttd(delivery));
    expect(summary).toContain(ttd(curl.price * 2 + balm.price + delivery));

    await saveScreenshot(page, `storefront-checkout-${viewport}`);

    // Submit with nothing filled: the form toast, every field highlighted.
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await expectToast(page, 'Please ensure the highlighted fields are valid');
    for (const label of Object.keys(GOOD)) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    }

    // Each field's own message when it loses focus with a bad value.
    const bad: Array<[string, string, string]> = [
      ['First Name', 'J0hn', 'Please ensure first name is valid.'],
      ['Last Name', 'Sm!th', 'Please ensure last name is valid.'],
      ['Email', 'not-an-email', 'Please ensure email is valid.'],
      ['Contact Number', '868555', 'Please ensure contact is valid.'],
      ['City/Area', 'Port <of> Spain', 'Please ensure city is valid.'],
      ['Street', 'Main @ Street', 'Please ensure street is valid.'],
    ];
    for (const [label, value, message] of bad) {
      const input = page.getByLabel(label, { exact: true });
      await input.fill(value);
      await input.blur();
      await expectToast(page, message);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await page.getByLabel('Contact Number').inputValue()).toBe('(868)555');
    await saveScreenshot(page, `storefront-checkout-errors-${viewport}`);

    await fillGood(page);
    expect(await page.getByLabel('Contact Number').inputValue()).toBe('(868)555-0123');
    await page.getByLabel('Street').blur();
    expect(await page.getByLabel('First Name').getAttribute('aria-invalid')).toBeNull();

    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('body').innerText()).toContain(ttd(curl.price * 2 + balm.price + delivery));
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL(PAYMENT_RESULT_URL);
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });
    const main = page.getByRole('main');
    expect(await main.innerText()).toContain(ttd(curl.price * 2 + balm.price + delivery));
    await page.waitForFunction(() => !/Cart\s*\d/.test(document.querySelector('nav[aria-label="Main"]')?.textContent ?? ''));
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems'))) ?? '{}').state.cartItems).toEqual([]);
    await saveScreenshot(page, `storefront-checkout-paid-${viewport}`);

    // The server's record agrees.
    const id = await placedOrderId(page);
    const visitor = JSON.parse((await page.evaluate(() => localStorage.getItem('userId'))) ?? '{}') as { id: string };
    const order = (await (await fetch(`${STOREFRONT_URL}/api/orders/${id}`, { headers: { 'X-Visitor-Id': visitor.id } })).json()) as {
      isPaid: boolean;
    };
    expect(order.isPaid).toBe(true);
    expect(errors.filter((e) => !e.includes('localhost:4200'))).toEqual([]);
  });

  it('shows a declined card payment as unsuccessful and keeps the cart', async () => {
    const products = await fetchProducts();
    const scrub = products.find((p) => p.name === 'Cocoa Coffee Body Polish')!;
    const { page } = await open(viewport);
    await addToCart(page, scrub, 1);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await fillGood(page);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('button', { name: 'Decline' }).click({ timeout: 20_000 });

    await page.waitForURL(PAYMENT_RESULT_URL);
    await page.getByText('Payment Unsuccessful. Sorry, please try again.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('PAYMENT UNSUCCESSFUL');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).innerText()).toMatch(/1/);
    // Not 'Preparing Order': nothing is prepared for an unpaid card order. The kept cart can be tried again.
    expect(await page.getByRole('main').innerText()).toContain('Delivery Status: Payment Unsuccessful');
    await page.getByRole('main').getByRole('link', { name: 'Try again' }).waitFor();
    await saveScreenshot(page, `storefront-checkout-declined-${viewport}`);
  });

  it('refuses a result page whose parameters were altered', async () => {
    const { page } = await open(viewport);
    const products = await fetchProducts();
    await addToCart(page, products.find((p) => p.name === 'Vanilla Shea Lip Butter')!, 1);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await fillGood(page);
    const orderId = await payByCard(page);

    // A success written into the URL by hand is not believed: the page shows what the server verified.
    await page.goto(`${STOREFRONT_URL}/checkout/${orderId}?status=success&order_id=oid-forgedforged&total=1.00&hash=abc`);
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.innerText()).toContain('Oops, an error occurred: Payment could not be verified');
    expect(await page.getByRole('main').innerText()).not.toContain('PAID');
    await saveScreenshot(page, `storefront-checkout-forged-${viewport}`);
  });

  it('places a pay-in-person order and empties the cart', async () => {
    const products = await fetchProducts();
    const butter = products.find((p) => p.name === 'Soursop Leaf Body Butter')!;
    const { page, errors } = await open(viewport);
    await addToCart(page, butter, 1);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await fillGood(page);
    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.waitForURL(/\/checkoutInPerson\//);
    await page.getByText('Will be Paid In Person').waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Order Submitted Successfully' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('Location: 12 Coffee Street, San Fernando');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('TO BE PAID IN PERSON');
    await page.waitForFunction(() => !/Cart\s*\d/.test(document.querySelector('nav[aria-label="Main"]')?.textContent ?? ''));
    await saveScreenshot(page, `storefront-checkout-in-person-${viewport}`);
    expect(errors).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { type OpenedPage, saveScreenshot, scanAccessibility, shopApi, SIZES, type ViewportName } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { adminToken, createProduct } from './support/shop-admin';

const api = shopApi(STOREFRONT_URL);

/** How many shoppers wait for the product, as the owner's restock list says. */
async function waitingFor(token: string, productId: string): Promise<number> {
  const list = await api<Array<{ _id: string; waiting: number }>>('/api/products/restock', { token });
  return list.find((line) => line._id === productId)?.waiting ?? 0;
}

/** The unsubscribe link of the back-in-stock mail sent to `to` about `name` (the shop mailed it over SMTP). */
async function mailedUnsubscribeLink(to: string, name: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (see e2e-global-setup.ts)');
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = await simpleParser(readFileSync(join(dir, file)));
      const recipient = Array.isArray(mail.to) ? mail.to[0].text : (mail.to?.text ?? '');
      if (recipient !== to || mail.subject !== `Back in stock: ${name}`) continue;
      const link = /(\S+\/back-in-stock\/unsubscribe\?token=[A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
      if (!link) throw new Error(`the back-in-stock mail has no unsubscribe link: ${mail.text}`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no back-in-stock mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * axe-core runs in the page, which a context without JavaScript does not allow: the page the server answered there is
 * served again, as it is, to a page with JavaScript whose scripts (the app's) are refused, and scanned there.
 */
async function scanAsServed(open: (viewport: ViewportName) => Promise<OpenedPage>, viewport: ViewportName, served: Page) {
  const html = await served.content();
  const url = served.url().split('#')[0];
  const { page } = await open(viewport);
  await page.route('**/*.js', (route) => route.abort());
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForLoadState('load');
  return scanAccessibility(page);
}

/**
 * Issue 28's "Notify me" on a sold-out product, with the app and with JavaScript turned off (the form is plain HTML
 * the storefront's server answers), the mail's unsubscribe page, each scanned with axe-core and saved as screenshots.
 */
describe.each(SIZES)('"Notify me" on a sold-out product (%s)', (viewport) => {
  const open = useBrowserPages();
  let token: string;
  let product: { _id: string; name: string };

  beforeAll(async () => {
    token = await adminToken();
    const demo = (await fetchProducts())[0];
    product = await createProduct(token, { name: `Cocoa Shea Whip ${viewport} ${randomUUID().slice(0, 6)}`, price: 85, image: demo.image, countInStock: 0 });
  });

  it('with the app: says what is missing next to each field, then keeps the sign-up', async () => {
    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
    const form = page.getByRole('region', { name: 'Notify me when it is back' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByText('Please enter your e-mail address or your WhatsApp number').waitFor();
    await form.getByText('Please tick the box to agree that we may contact you about this product').waitFor();
    expect(await form.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `storefront-notify-me-errors-${viewport}`);

    const email = `app-${viewport}@shopper.test`;
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel(/I agree that Island Glow may contact me/).check();
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByRole('status').getByText('Thank you! We will let you know when it is back in stock.').waitFor();
    expect(await form.getByLabel('E-mail address').inputValue()).toBe('');
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `storefront-notify-me-sent-${viewport}`);
    expect(await waitingFor(token, product._id)).toBe(1);
  }, 120_000);

  it('without JavaScript: the server draws the form again with its messages, then keeps the sign-up; the mail unsubscribes', async () => {
    const { page } = await open(viewport, { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
    const form = page.getByRole('region', { name: 'Notify me when it is back' });
    const email = `nojs-${viewport}@shopper.test`;
    await form.getByLabel('E-mail address').fill(email);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByText('Please tick the box to agree that we may contact you about this product').waitFor();
    // What was typed is still there.
    expect(await form.getByLabel('E-mail address').inputValue()).toBe(email);
    expect(await scanAsServed(open, viewport, page)).toEqual([]);
    await saveScreenshot(page, `storefront-nojs-notify-me-errors-${viewport}`);

    await form.getByLabel(/I agree that Island Glow may contact me/).check();
    await form.getByRole('button', { name: 'Notify me' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/product/${product._id}?notify=sent#notify-me`);
    await form.getByRole('status').getByText('Thank you! We will let you know when it is back in stock.').waitFor();
    await saveScreenshot(page, `storefront-nojs-notify-me-sent-${viewport}`);
    expect(await waitingFor(token, product._id)).toBe(2);

    // Back in stock: the owner's "tell them now" runs the batch; the mail's unsubscribe page works without scripts.
    await api(`/api/products/${product._id}/restock`, { method: 'POST', token, body: JSON.stringify({ qty: 3 }) });
    await api('/api/stock-waits/send', { method: 'POST', token });
    const link = await mailedUnsubscribeLink(email, product.name);
    expect(link.startsWith(`${STOREFRONT_URL}/back-in-stock/unsubscribe?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Back-in-stock messages' }).waitFor();
    expect(await scanAsServed(open, viewport, page)).toEqual([]);
    await saveScreenshot(page, `storefront-nojs-unsubscribe-${viewport}`);
    await page.getByRole('button', { name: 'Stop these messages' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/back-in-stock/unsubscribe?done=1`);
    await page.getByRole('status').getByText('Done: you will get no more back-in-stock messages from us at this address.').waitFor();
    expect(await scanAsServed(open, viewport, page)).toEqual([]);
    await saveScreenshot(page, `storefront-nojs-unsubscribed-${viewport}`);
  }, 240_000);

  it('with the app, a link that is not valid says so and the button leaves the page as it was', async () => {
    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/back-in-stock/unsubscribe?token=${'B'.repeat(43)}`);
    await page.getByRole('button', { name: 'Stop these messages' }).click();
    await page.getByRole('alert').getByText('This unsubscribe link is not valid. It may have been used already.').waitFor();
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `storefront-unsubscribe-refused-${viewport}`);
  }, 120_000);
});

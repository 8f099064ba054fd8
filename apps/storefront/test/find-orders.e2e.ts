import { randomBytes } from 'node:crypto';
import { MailInbox, orderCodeOf, trackingLinkOf } from '@shop/mail-testing';
import { placeOrderAs, saveScreenshot, scanAccessibility, shopper } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';

const open = useBrowserPages();
// Each test waits for a mail (the shop sends it over SMTP from a job) on a machine other tests share.
jest.setTimeout(120_000);

function inbox(): MailInbox {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (see e2e-global-setup.ts)');
  return new MailInbox(dir);
}

/** A shopper with a mailbox of this run only, and her in-person order placed from her own browser (not the test's). */
async function shopperWithOrder(fname: string) {
  const products = await fetchProducts();
  const who = { ...shopper(fname, 'Baptiste'), email: `${fname.toLowerCase()}.${randomBytes(4).toString('hex')}@example.tt` };
  const order = await placeOrderAs(STOREFRONT_URL, who, [{ product: products[0]!._id, qty: 1 }], true);
  return { who, order };
}

async function expectClean(page: Page, screen: string): Promise<void> {
  expect([screen, await scanAccessibility(page)]).toEqual([screen, []]);
}

/**
 * "Find my orders" (issue 29) at phone size: a shopper who ordered in another browser finds her order on a fresh one
 * (no storage) with the code from the mail the shop sent over SMTP; a mail's signed link opens the order anywhere.
 */
describe('find my orders from any phone (phone)', () => {
  it('finds the order on a second browser with the code from the mail', async () => {
    const { who, order } = await shopperWithOrder('Zara');
    const { page, errors } = await open('phone');
    await page.goto(`${STOREFRONT_URL}/tracking`);
    await page.getByText('No orders found. Enjoy Shopping with Us!').waitFor();
    const find = page.getByRole('form', { name: 'Find my orders' });
    await expectClean(page, 'tracking with the find form');
    await saveScreenshot(page, 'storefront-find-orders-phone');

    await find.getByLabel('E-mail or phone number you ordered with').fill(who.email.toUpperCase());
    await find.getByRole('button', { name: 'E-mail me a code' }).click();
    const enter = page.getByRole('form', { name: 'Enter your code' });
    await enter.getByRole('status').getByText('we sent a 6-digit code').waitFor();
    await expectClean(page, 'the code form');
    await saveScreenshot(page, 'storefront-find-orders-code-phone');

    const code = orderCodeOf(await inbox().next({ to: who.email, subject: 'code to find your orders' }));
    await enter.getByLabel('6-digit code').fill('000000' === code ? '111111' : '000000');
    await enter.getByRole('button', { name: 'Show my orders' }).click();
    await enter.getByRole('status').getByText('That code is not right, or it has expired').waitFor();
    await enter.getByLabel('6-digit code').fill(code);
    await enter.getByRole('button', { name: 'Show my orders' }).click();

    const card = page.getByRole('article').filter({ hasText: order.orderNumber! });
    await card.waitFor();
    await expectClean(page, 'the orders found');
    await saveScreenshot(page, 'storefront-find-orders-found-phone');
    // The grant is an HttpOnly cookie: the page's scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('order_access');

    // Its page shows the order whole in this browser, which never placed it.
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: "Tracking Zara's Order" }).waitFor();
    // The wrong code's 400 is the page's answer (shown above), not an error of the app.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });

  it('works without scripts: the storefront server answers both forms', async () => {
    const { who, order } = await shopperWithOrder('Imani');
    const { page } = await open('phone', { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/tracking`);
    const find = page.getByRole('form', { name: 'Find my orders' });
    await find.getByLabel('E-mail or phone number you ordered with').fill('not an e-mail');
    await find.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByText('Please enter the e-mail address or the phone number you ordered with.').waitFor();
    await page.getByRole('form', { name: 'Find my orders' }).getByLabel('E-mail or phone number you ordered with').fill(who.email);
    await page.getByRole('form', { name: 'Find my orders' }).getByRole('button', { name: 'E-mail me a code' }).click();
    const enter = page.getByRole('form', { name: 'Enter your code' });
    await enter.getByText('we sent a 6-digit code').waitFor();
    const code = orderCodeOf(await inbox().next({ to: who.email, subject: 'code to find your orders' }));
    await enter.getByLabel('6-digit code').fill(code);
    await enter.getByRole('button', { name: 'Show my orders' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/tracking`);
    await page.getByRole('article').filter({ hasText: order.orderNumber! }).waitFor();
    // The grant cookie the storefront's server passed on: HttpOnly, and nothing else was set by the forms.
    expect((await page.context().cookies()).map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['order_access', true, 'Lax']]);
    // (axe needs scripts in the page; the same screens are scanned in the test above.)
    await saveScreenshot(page, 'storefront-find-orders-no-js-phone');
  });

  it("a mail's signed link opens the order in a fresh browser; a tampered one says so and offers a code", async () => {
    const { who, order } = await shopperWithOrder('Keisha');
    const link = trackingLinkOf(await inbox().next({ to: who.email, subject: 'is confirmed' }));
    expect(link.pathname).toBe(`/tracking/${order._id}`);
    const { page, errors } = await open('phone');
    await page.goto(`${STOREFRONT_URL}${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: "Tracking Keisha's Order" }).waitFor();

    const key = link.searchParams.get('k') ?? '';
    const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    await page.goto(`${STOREFRONT_URL}${link.pathname}?k=${encodeURIComponent(tampered)}`);
    await page.getByRole('heading', { level: 1, name: 'This link no longer works' }).waitFor();
    await page.getByText('This tracking link has expired or is not valid.').waitFor();
    await expectClean(page, 'a refused link');
    await saveScreenshot(page, 'storefront-tracking-link-refused-phone');
    await page.getByRole('link', { name: 'Find my orders with a code' }).click();
    await page.getByRole('form', { name: 'Find my orders' }).waitFor();
    // The refused link's 403 is the page's answer, not an error of the app.
    expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });
});

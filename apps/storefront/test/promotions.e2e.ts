import { readFile } from 'node:fs/promises';
import type { DeliveryArea } from '@shop/contracts';
import { pdfText } from '@shop/pdf-testing';
import type { Page } from 'playwright-core';
import { saveScreenshot, scanAccessibility, SIZES, ttd } from '@shop/browser-testing';
import { PAYMENT_RESULT_URL, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { addToCart, fillCheckoutForm } from './support/checkout';
import { adminToken, createProduct, deleteProduct } from './support/shop-admin';

/**
 * Delivery areas and discount codes at checkout: the shopper picks Tobago and applies a code, sees the saving
 * before paying, pays by card on the sandbox, and the result page, tracking and the receipt downloaded from
 * tracking show the area and the discount.
 * Every new screen state is scanned with axe-core and saved as a screenshot.
 */
const open = useBrowserPages();
const RUN = Date.now().toString(36).toUpperCase();

async function expectNoA11yFindings(page: Page, screen: string): Promise<void> {
  const findings = await scanAccessibility(page);
  await saveScreenshot(page, screen);
  expect(findings.map((f) => `${screen}: ${f.rule} [${f.impact}] ${f.help} ${f.targets.join(' ')}`)).toEqual([]);
}

/** A discount code's terms as the owner's form sends them: 10% off, 50 uses, live, not on the banner, unless `terms` says otherwise. */
function codeBody(code: string, terms: Record<string, unknown> = {}): string {
  return JSON.stringify({
    code,
    kind: 'percent',
    value: 10,
    minOrder: 0,
    startsAt: null,
    endsAt: null,
    totalUses: 50,
    usesPerCustomer: null,
    appliesToDelivery: false,
    active: true,
    onBanner: false,
    ...terms,
  });
}

async function createCode(token: string, code: string, terms: Record<string, unknown> = {}): Promise<{ _id: string }> {
  const response = await fetch(`${STOREFRONT_URL}/api/discount-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: codeBody(code, terms),
  });
  if (response.status !== 201) throw new Error(`creating a code answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { _id: string };
}

const DETAILS = {
  'First Name': 'Keisha',
  'Last Name': 'Alexander',
  Email: 'keisha@example.tt',
  'Contact Number': '8686390123',
  'City/Area': 'Scarborough',
  Street: '4 Milford Road',
};

describe.each(SIZES)('delivery areas and discount codes at checkout (%s)', (viewport) => {
  it('picks Tobago delivery, applies a code, sees the saving before paying, pays by card, and sees both lines on the result page and tracking', async () => {
    const token = await adminToken();
    // 10% of TT$123.45 x 2 = 24.69 (24.69 exactly): a figure that shows the cents are right.
    const product = await createProduct(token, { name: `Tobago Glow Oil ${RUN} ${viewport}`, price: 123.45, image: '/api/files/demo/mango-lip-balm.svg', countInStock: 20 });
    const code = `TOBAGO${RUN}${viewport === 'phone' ? 'P' : 'D'}`.slice(0, 30);
    await createCode(token, code);
    const areas = (await (await fetch(`${STOREFRONT_URL}/api/delivery-areas`)).json()) as DeliveryArea[];
    const tobago = areas.find((a) => a.name === 'Tobago')!;
    const items = 246.9;
    const saving = 24.69;
    const total = items - saving + tobago.cost;

    const { page, errors } = await open(viewport);
    await addToCart(page, product, 2);
    await page.goto(`${STOREFRONT_URL}/checkout`);

    const table = page.getByRole('table', { name: 'Your order' });
    await table.waitFor();
    const tobagoChoice = page.getByRole('radio', { name: /^Tobago\b/ });
    expect(await tobagoChoice.locator('xpath=..').innerText()).toContain(`${ttd(tobago.cost)} · ${tobago.estimatedDays}`);
    await tobagoChoice.check();
    await table.getByRole('rowheader', { name: `Delivery: Tobago (${tobago.estimatedDays})` }).waitFor();
    expect(await table.innerText()).toContain(ttd(items + tobago.cost));

    // A code that does not exist is named, and changes nothing.
    await page.getByLabel('Discount code').fill('NOPE-NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Discount code NOPE-NOT-A-CODE is not valid').waitFor();
    expect(await table.innerText()).toContain(ttd(items + tobago.cost));

    await page.getByLabel('Discount code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`${code} applied: you save ${ttd(saving)}`).waitFor();
    await table.getByRole('rowheader', { name: `Discount (${code})` }).waitFor();
    const summary = await table.innerText();
    expect(summary).toContain(`−${ttd(saving)}`);
    expect(summary).toContain(ttd(total));
    await expectNoA11yFindings(page, `storefront-checkout-promotions-${viewport}`);

    await fillCheckoutForm(page, DETAILS);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 20_000 });
    // The payment page asks the discounted total with Tobago's delivery.
    expect(await page.locator('body').innerText()).toContain(ttd(total));
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL(PAYMENT_RESULT_URL);
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });
    const result = await page.getByRole('main').innerText();
    expect(result).toContain(`Discount (${code})`);
    expect(result).toContain(`Delivery: Tobago (${tobago.estimatedDays})`);
    expect(result).toContain(ttd(total));
    await expectNoA11yFindings(page, `storefront-checkout-paid-promotions-${viewport}`);

    const orderId = /\/checkout\/([^/?]+)/.exec(new URL(page.url()).pathname)![1];
    await page.goto(`${STOREFRONT_URL}/tracking/${orderId}`);
    await page.getByRole('heading', { level: 1, name: /Tracking Keisha's Order/ }).waitFor({ timeout: 20_000 });
    const tracking = await page.getByRole('main').innerText();
    expect(tracking).toContain(`Discount (${code})`);
    expect(tracking).toContain(`−${ttd(saving)}`);
    expect(tracking).toContain(`Delivery: Tobago (${tobago.estimatedDays})`);
    expect(tracking).toContain(ttd(total));
    await expectNoA11yFindings(page, `storefront-tracking-promotions-${viewport}`);
    // The receipt, downloaded from tracking, carries the same area, discount and total.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download receipt (PDF)' }).click();
    const receipt = await pdfText(await readFile((await (await downloading).path())!));
    expect(receipt).toContain(`Discount (${code})`);
    expect(receipt).toContain(`Delivery: Tobago (${tobago.estimatedDays}) ${ttd(tobago.cost)}`);
    expect(receipt).toContain(`Total ${ttd(total)}`);
    expect(receipt).toContain('Payment: Paid by card');

    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(width);
    expect(errors.filter((e) => !e.includes('localhost:4200'))).toEqual([]);
    // The run's stack is shared: the storefront's other tests count the catalogue's products.
    await deleteProduct(token, product._id);
  });

  it("names the banner's live code on the home page, with its real saving, and stops when the code is switched off", async () => {
    const token = await adminToken();
    const code = `BANNER${RUN}${viewport === 'phone' ? 'P' : 'D'}`.slice(0, 30);
    const terms = { kind: 'percent', value: 15, onBanner: true };
    const made = await createCode(token, code, terms);
    const { page } = await open(viewport);
    try {
      await page.goto(`${STOREFRONT_URL}/`);
      // The promotion slide states the code's own saving, not the settings' text.
      await page.getByText(code, { exact: true }).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Show slide 2' }).click();
      const slide = page.getByRole('group', { name: '2 of 2' });
      await slide.getByRole('heading', { name: '15% OFF' }).waitFor();
      expect(await slide.innerText()).toContain(`Use code ${code} at checkout`);
      await expectNoA11yFindings(page, `storefront-home-banner-code-${viewport}`);
    } finally {
      // The stack is shared by the run's other files: the banner goes back to the settings' text.
      await fetch(`${STOREFRONT_URL}/api/discount-codes/${made._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: codeBody(code, { value: 15, active: false }),
      });
    }
    const banner = (await (await fetch(`${STOREFRONT_URL}/api/discount-codes/banner`)).json()) as { discount: unknown };
    expect(banner.discount).toBeNull();
    await page.reload();
    await page.getByRole('button', { name: 'Show slide 2' }).click();
    await page.getByRole('group', { name: '2 of 2' }).getByRole('heading', { level: 2 }).waitFor();
    expect(await page.getByText(code).count()).toBe(0);
  });
});

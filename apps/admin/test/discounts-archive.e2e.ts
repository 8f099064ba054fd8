import type { DiscountCode, OrderQuote, ProductSummary } from '@shop/contracts';
import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { listProducts } from './support/shop-api';

const RUN = Date.now().toString(36).toUpperCase();

const admin = useAdminPages();

async function createCode(code: string): Promise<DiscountCode> {
  const response = await fetch(`${GATEWAY_URL}/api/discount-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.login.token}` },
    body: JSON.stringify({ code, kind: 'percent', value: 10, minOrder: 0, startsAt: null, endsAt: null, totalUses: null, usesPerCustomer: null, appliesToDelivery: false, active: true, onBanner: false }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as DiscountCode;
}

async function quoteWith(code: string): Promise<OrderQuote> {
  const product = (await listProducts()).find((p: ProductSummary) => p.countInStock > 0) as ProductSummary;
  const response = await fetch(`${GATEWAY_URL}/api/orders/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderItems: [{ product: product._id, qty: 1 }], discountCode: code }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as OrderQuote;
}

async function expectClean(page: Page, screen: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await expectNoSidewaysScroll(page);
  expect(await scanAccessibility(page)).toEqual([]);
  await saveScreenshot(page, screen);
}

/** Issue 26: the owner finds a code by part of it, archives it (it stops working at checkout) and finds it among the archived. */
describe.each(SIZES)('discount codes: search and archive (%s)', (size) => {
  it('finds a code by part of it, archives it, and shows it under the archived filter', async () => {
    const code = `ARCH${size === 'phone' ? 'P' : 'D'}${RUN}`;
    const other = `KEEP${size === 'phone' ? 'P' : 'D'}${RUN}`;
    await createCode(code);
    await createCode(other);
    expect((await quoteWith(code)).discount).toMatchObject({ code });

    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/discounts/`);
    await page.getByRole('heading', { level: 1, name: 'Discount Codes' }).waitFor();
    const search = page.getByRole('search', { name: 'Find discount codes' });
    // Lower case works: codes are upper case.
    await search.getByLabel('Code').fill(`arch${size === 'phone' ? 'p' : 'd'}${RUN.toLowerCase()}`);
    await search.getByLabel('Code').press('Enter');
    await page.waitForURL(/\/admin\/discounts\/\?q=/);
    const row = page.getByRole('row', { name: new RegExp(code) });
    await row.waitFor();
    await page.getByRole('row', { name: new RegExp(other) }).waitFor({ state: 'detached' });
    await expectClean(page, `admin-discounts-search-${size}`);

    await row.getByRole('button', { name: `Archive ${code}` }).click();
    await page.getByText(`${code} archived: it no longer works at checkout`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText(`No code contains ${code.slice(0, 4)}`).waitFor();
    // At checkout it no longer works.
    expect(await quoteWith(code)).toMatchObject({ discount: null, discountProblem: `Discount code ${code} is no longer available` });

    await search.getByLabel('Show').selectOption({ label: 'Archived codes' });
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/status=archived/);
    const archivedRow = page.getByRole('row', { name: new RegExp(code) });
    await archivedRow.getByText(/^Archived/).waitFor();
    await expectClean(page, `admin-discounts-archived-${size}`);

    // Restored, it works again.
    await archivedRow.getByRole('button', { name: `Restore ${code}` }).click();
    await page.getByText(`${code} restored: it works again on its own terms`).waitFor();
    await archivedRow.waitFor({ state: 'detached' });
    expect((await quoteWith(code)).discount).toMatchObject({ code });
    expect(errors).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, shopApi, shopper, SIZES, toast } from '@shop/browser-testing';
import type { Order, Product } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, STOREFRONT_URL, useAdminPages } from './support/admin-browser';
import { discardOrder, letterTag } from './support/orders';
import { deleteProduct } from './support/shop-api';

const RUN = Date.now().toString(36);
const admin = useAdminPages();
const call = shopApi(GATEWAY_URL);

const made: string[] = [];
const orders: string[] = [];

afterAll(async () => {
  for (const id of orders) await discardOrder(admin.login, id).catch(() => undefined);
  for (const id of made) await deleteProduct(admin.login.token, id).catch(() => undefined);
});

/** What the shop answers of each variant: label, price, stock. */
const rows = (product: Product) => product.variants.map((v) => [v.label, v.price, v.countInStock]);

/** One option through the form: its name, then each value typed and added (Enter for the first, the button after). */
async function addOption(page: Page, index: number, name: string, values: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByLabel(`Option ${index} name`).fill(name);
  for (const [i, value] of values.entries()) {
    await page.getByLabel(`New value of ${name}`).fill(value);
    if (i === 0) await page.getByLabel(`New value of ${name}`).press('Enter');
    else await page.getByRole('button', { name: `Add value to ${name}` }).click();
    await page.getByRole('button', { name: `Remove ${value} from ${name}` }).waitFor();
  }
}

/** A grid input, found by its label: its column and its variant ("Price (TT$) of 16 oz / Honey"). */
const cell = (page: Page, column: string, variant: string) => page.getByLabel(`${column} of ${variant}`, { exact: true });

/** Waits until the grid shows `value` in a cell (the grid is drawn again from the saved product after each save). */
async function waitForCell(page: Page, column: string, variant: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([label, want]) => {
      const tag = Array.from(document.querySelectorAll('label')).find((l) => l.textContent === label);
      return (tag ? (document.getElementById(tag.htmlFor) as HTMLInputElement | null) : null)?.value === want;
    },
    [`${column} of ${variant}`, value] as const,
  );
}

/**
 * Issue 28, the owner's side: options and values on the product form, the variants the server makes from them, the
 * grid's bulk actions and one row's change, the storefront's product page after them (its options and JSON-LD), and a value that an open order holds
 * refused with the order's number, at phone and desktop size.
 */
describe.each(SIZES)("the owner's product variants (%s)", (size) => {
  const name = `E2E Body Butter ${size} ${RUN}`;
  let productId = '';

  it('creates a product with two options and edits its variants grid; the shop answers the four variants as edited', async () => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/products/add`);
    await page.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Type', { exact: true }).selectOption('Lip Balm');
    await page.getByLabel('Price (TT$)', { exact: true }).fill('95');
    await page.getByLabel('Description').fill('A whipped butter made by the variants browser test.');
    await page.getByLabel('Main Image URL').fill('/api/files/demo/mango-lip-balm.svg');

    await addOption(page, 1, 'Size', ['8 oz', '16 oz']);
    await addOption(page, 2, 'Shade', ['Cocoa', 'Honey']);
    // With options, each variant has its own stock: the product's count is not asked for.
    expect(await page.getByLabel('Count In Stock').count()).toBe(0);
    await page.getByText('Saving makes one variant for each combination: 4 variants.', { exact: false }).waitFor();
    // A value removed before saving is gone; added again, it is back.
    await page.getByRole('button', { name: 'Remove Honey from Shade' }).click();
    await page.getByText('2 variants.', { exact: false }).waitFor();
    await page.getByLabel('New value of Shade').fill('Honey');
    await page.getByLabel('New value of Shade').press('Enter');
    expect(await scanAccessibility(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `admin-variants-options-${size}`);

    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: /Product added successfully with 4 variants/ }).waitFor();
    await page.getByRole('link', { name: 'View/Edit this product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    made.push(productId);
    await page.getByRole('heading', { level: 2, name: 'Variants (4)' }).waitFor();
    expect(await cell(page, 'Price (TT$)', '16 oz / Honey').inputValue()).toBe('95.00');

    // Set all prices, then add 10 to all stock: each done by the server on every variant.
    await page.getByLabel('Set all prices (TT$)').fill('120');
    await page.getByRole('button', { name: 'Set all prices' }).click();
    await toast(page, "Every variant's price is now TT$120.00").waitFor();
    await waitForCell(page, 'Price (TT$)', '8 oz / Cocoa', '120.00');
    expect(await page.getByLabel('Add to all stock').inputValue()).toBe('10');
    await page.getByRole('button', { name: 'Add to all stock' }).click();
    await toast(page, "Added 10 to every variant's stock").waitFor();
    await waitForCell(page, 'Stock', '16 oz / Honey', '10');
    // The inventory history names the variant of each addition.
    const history = page.locator('#inventory-history');
    await history.locator('td[data-label="Variant"]', { hasText: '8 oz / Cocoa' }).first().waitFor();
    await history.locator('td[data-label="Variant"]', { hasText: '16 oz / Honey' }).first().waitFor();

    // A bad value is refused on its row, saying what to type; nothing is sent.
    await cell(page, 'Stock', '8 oz / Cocoa').fill('2.5');
    await cell(page, 'Price (TT$)', '16 oz / Honey').fill('150');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await page.getByText("A variant's stock must be a whole number, e.g. 12").waitFor();
    expect(await cell(page, 'Stock', '8 oz / Cocoa').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toMatch(/\.countInStock$/);
    await page.getByRole('alert').getByText('one variant needs a fix').waitFor();
    expect(rows(await call<Product>(`/api/products/${productId}`))).toEqual([
      ['8 oz / Cocoa', 120, 10],
      ['8 oz / Honey', 120, 10],
      ['16 oz / Cocoa', 120, 10],
      ['16 oz / Honey', 120, 10],
    ]);
    expect(await scanAccessibility(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `admin-variants-grid-error-${size}`);

    // Fixed, the row's change is saved with the other row's price.
    await cell(page, 'Stock', '8 oz / Cocoa').fill('10');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await toast(page, 'Variants saved').waitFor();
    await waitForCell(page, 'Price (TT$)', '16 oz / Honey', '150.00');
    expect(await cell(page, 'Stock', '8 oz / Cocoa').getAttribute('aria-invalid')).toBeNull();
    await saveScreenshot(page, `admin-variants-grid-${size}`);
    expect(errors).toEqual([]);

    const saved = await call<Product>(`/api/products/${productId}`);
    expect(saved.options.map((o) => [o.name, o.values.map((v) => v.label)])).toEqual([
      ['Size', ['8 oz', '16 oz']],
      ['Shade', ['Cocoa', 'Honey']],
    ]);
    expect(rows(saved)).toEqual([
      ['8 oz / Cocoa', 120, 10],
      ['8 oz / Honey', 120, 10],
      ['16 oz / Cocoa', 120, 10],
      ['16 oz / Honey', 150, 10],
    ]);
    expect(saved).toMatchObject({ price: 120, maxPrice: 150, countInStock: 40 });

    // The owner's list: the price range and the stock summed over the variants.
    await page.goto(`${ADMIN_URL}/admin/products/?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('main').getByRole('row').filter({ hasText: name });
    await row.getByText('in 4 variants').waitFor();
    expect(await row.innerText()).toContain('TT$120.00 – TT$150.00');
    expect(await row.getByText('40', { exact: true }).count()).toBe(1);
    await saveScreenshot(page, `admin-variants-list-${size}`);

    // The shopper's page of the variant edited alone: its price, its values chosen, and every variant in the JSON-LD.
    const dear = saved.variants.find((v) => v.label === '16 oz / Honey');
    const shop = await admin.openShop(size);
    await shop.goto(`${STOREFRONT_URL}/product/${productId}?variant=${dear?._id ?? ''}`);
    await shop.getByRole('heading', { level: 1, name }).waitFor();
    expect(await shop.getByText('TT$150.00').count()).toBeGreaterThan(0);
    for (const [option, value] of [
      ['Size', '16 oz'],
      ['Shade', 'Honey'],
    ]) {
      expect(await shop.getByRole('group', { name: option }).getByRole('radio', { name: new RegExp(`^${value}`) }).isChecked()).toBe(true);
    }
    const ld = (await shop.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    const group = ld.find((item) => item['@type'] === 'ProductGroup') as { hasVariant: Array<{ name: string; offers: { price: string } }> } | undefined;
    expect(group?.hasVariant.map((v) => [v.name, v.offers.price])).toEqual([
      [`${name} - 8 oz / Cocoa`, '120.00'],
      [`${name} - 8 oz / Honey`, '120.00'],
      [`${name} - 16 oz / Cocoa`, '120.00'],
      [`${name} - 16 oz / Honey`, '150.00'],
    ]);
  });

  it('refuses to remove a value that an open order holds, naming the order, and keeps the variants', async () => {
    const product = await call<Product>(`/api/products/${productId}`);
    const held = product.variants.find((v) => v.label === '8 oz / Honey');
    if (!held) throw new Error('no 8 oz / Honey variant');
    const who = shopper('Variant', letterTag());
    const { visitorId, ...customer } = who;
    const order = await call<Order>('/api/orders/inperson', {
      method: 'POST',
      expect: 201,
      headers: { 'X-Visitor-Id': visitorId, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ ...customer, id: visitorId, orderItems: [{ product: productId, variant: held._id, qty: 1 }] }),
    });
    orders.push(order._id);

    const { page } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/products/${productId}`);
    await page.getByRole('heading', { level: 2, name: 'Variants (4)' }).waitFor();
    await page.getByRole('button', { name: 'Remove Honey from Shade' }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: order.orderNumber });
    await refusal.waitFor();
    // Only the variant the order holds is named, though removing Honey would remove 16 oz / Honey too.
    expect(await refusal.innerText()).toContain(`Open orders hold 8 oz / Honey: ${order.orderNumber}. Complete or cancel them before removing it.`);
    await saveScreenshot(page, `admin-variants-refused-${size}`);
    // Nothing changed, and the form still holds what the owner did (Honey removed) to try again later.
    expect(rows(await call<Product>(`/api/products/${productId}`))).toHaveLength(4);
    expect(await page.getByRole('button', { name: 'Remove Honey from Shade' }).count()).toBe(0);
  });
});

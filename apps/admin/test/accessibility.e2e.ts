import type { ProductSummary } from '@shop/contracts';
import { scanAccessibility, shopper, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { placeOrder } from './support/orders';

// axe-core over every admin screen at both sizes: no moderate, serious or critical finding is allowed.
const admin = useAdminPages();
let product: ProductSummary;
const orders: { card: string; inPerson: string; cardNumber: string } = { card: '', inPerson: '', cardNumber: '' };

/** An order of one of the product, placed by a shopper of its own. */
const placeOne = (inPerson: boolean) => placeOrder(shopper('Keisha', 'Mohammed'), [{ product: product._id, qty: 1 }], inPerson);

beforeAll(async () => {
  const products = (await (await fetch(`${GATEWAY_URL}/api/products`)).json()) as ProductSummary[];
  product = products.find((p) => p.countInStock > 2) as ProductSummary;
  const card = await placeOne(false);
  orders.card = card._id;
  orders.cardNumber = card.orderNumber;
  orders.inPerson = (await placeOne(true))._id;
});

async function expectNoSeriousFindings(page: Page): Promise<void> {
  // Printed in full when it fails: rule, impact and the elements concerned.
  expect(await scanAccessibility(page)).toEqual([]);
}

/** Each screen, and what shows once it has loaded. */
const screens: Array<{ name: string; path: () => string; ready: (page: Page) => Promise<void> }> = [
  { name: 'dashboard', path: () => '/admin/', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
  { name: 'products', path: () => '/admin/products/', ready: (p) => p.getByRole('main').getByRole('table').getByRole('row').nth(1).waitFor() },
  { name: 'product add', path: () => '/admin/products/add', ready: (p) => p.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor() },
  { name: 'product edit', path: () => `/admin/products/${product._id}`, ready: (p) => p.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor() },
  { name: 'restock', path: () => '/admin/restock', ready: (p) => p.getByRole('heading', { level: 1, name: 'Items In Need of Restocking' }).waitFor() },
  // Issue 26: a table on a desktop, cards on a phone; both show the order number.
  { name: 'orders', path: () => '/admin/orders/?tab=all', ready: (p) => p.getByRole('link', { name: orders.cardNumber }).or(p.getByText(orders.cardNumber)).first().waitFor() },
  { name: 'archived orders', path: () => '/admin/orders/?tab=all&status=archived', ready: (p) => p.getByRole('status').filter({ hasText: /in the archive$/ }).waitFor() },
  { name: 'card order', path: () => `/admin/orders/${orders.card}`, ready: (p) => p.getByText('Waiting for the card payment', { exact: false }).waitFor() },
  { name: 'in-person order', path: () => `/admin/orders/inperson/${orders.inPerson}`, ready: (p) => p.getByRole('button', { name: 'Out for delivery' }).waitFor() },
  { name: 'media', path: () => '/admin/media', ready: (p) => p.getByRole('button', { name: 'Save Videos' }).waitFor() },
  { name: 'site settings', path: () => '/admin/controls', ready: (p) => p.getByRole('button', { name: 'Save Home Settings' }).waitFor() },
  { name: 'mail log', path: () => '/admin/mail-log', ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor() },
];

it('the scan reports what it should (a page with known faults)', async () => {
  const { page } = await admin.open('desktop', false);
  await page.setContent(
    '<html lang="en"><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text">' +
      '<button></button><p style="color:#bbb;background:#fff">Faint text</p></main></body></html>',
  );
  const rules = (await scanAccessibility(page)).map((finding) => finding.rule).sort();
  expect(rules).toEqual(['button-name', 'color-contrast', 'document-title', 'image-alt', 'label', 'page-has-heading-one']);
});

describe.each(SIZES)('admin accessibility (%s)', (size) => {
  it('sign in screen, empty and with its error toast', async () => {
    const { page } = await admin.open(size, false);
    await page.goto(`${ADMIN_URL}/admin/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expectNoSeriousFindings(page);
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('form', { name: 'Sign In' }).getByRole('alert').waitFor();
    await expectNoSeriousFindings(page);
  });

  it.each(screens.map((s) => [s.name, s] as const))('%s', async (_name, screen) => {
    const { page } = await admin.open(size);
    await page.goto(`${ADMIN_URL}${screen.path()}`);
    await screen.ready(page);
    await expectNoSeriousFindings(page);
  });

  if (size === 'phone') {
    it('the open menu', async () => {
      const { page } = await admin.open(size);
      await page.goto(`${ADMIN_URL}/admin/`);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Admin' }).waitFor();
      await expectNoSeriousFindings(page);
    });
  }
});

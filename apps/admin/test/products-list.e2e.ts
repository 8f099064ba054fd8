import type { AdminProductPage, Product } from '@shop/contracts';
import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, STOREFRONT_URL, useAdminPages } from './support/admin-browser';
import { deleteProduct, visitorId } from './support/shop-api';

const RUN = Date.now().toString(36);
const admin = useAdminPages();

/** The type of this file's own products, so that the list's answers are known whatever other tests made. */
const TYPE = `E2E Serum ${RUN}`;
const COUNT = 23;

const made: string[] = [];

async function api<T>(path: string, init: RequestInit & { expect?: number } = {}): Promise<T> {
  const { expect: status = 200, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Authorization', `Bearer ${admin.login.token}`);
  if (rest.body) headers.set('content-type', 'application/json');
  const response = await fetch(`${GATEWAY_URL}${path}`, { ...rest, headers });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${rest.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const productBody = (name: string, type: string, price: number, countInStock: number, visible = true) => ({
  name,
  price,
  image: '/api/files/demo/mango-lip-balm.svg',
  description: 'A serum made by the product list browser test.',
  countInStock,
  type,
  visible,
});

async function ownerList(query: string): Promise<AdminProductPage> {
  return api<AdminProductPage>(`/api/admin/products${query}`);
}

beforeAll(async () => {
  // 23 serums: prices 10 to 230, stock 0 for every fifth, 2 (low) for every seventh, else 20.
  for (let i = 1; i <= COUNT; i += 1) {
    const stock = i % 5 === 0 ? 0 : i % 7 === 0 ? 2 : 20;
    const created = await api<Product>('/api/products', {
      method: 'POST',
      expect: 201,
      body: JSON.stringify(productBody(`E2E Serum ${String(i).padStart(2, '0')} ${RUN}`, TYPE, i * 10, stock)),
    });
    made.push(created._id);
  }
}, 60_000);

afterAll(async () => {
  for (const id of made) await deleteProduct(admin.login.token, id).catch(() => undefined);
});

/** The names in the list's rows, in order. */
async function listedNames(page: Page): Promise<string[]> {
  return page.getByRole('main').getByRole('table').locator('tbody tr td:nth-child(2) a').allInnerTexts();
}

async function waitForSummary(page: Page, text: string): Promise<void> {
  await page.getByRole('main').getByRole('status').getByText(text, { exact: true }).waitFor();
}

describe.each(SIZES)("the owner's product list (%s)", (size) => {
  it('searches, filters, sorts and pages on the server, and a reload keeps it all', async () => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/products/`);
    await page.getByRole('heading', { level: 1, name: 'View/Edit Products' }).waitFor();

    // The type filter lists the shop's types; choosing one applies it at once and puts it in the URL.
    await page.getByLabel('Type', { exact: true }).selectOption(TYPE);
    await page.waitForURL((url) => url.searchParams.get('type') === TYPE);
    await waitForSummary(page, `Showing 1–20 of ${COUNT} products`);
    expect(await listedNames(page)).toHaveLength(20);

    // Price, high to low: the dearest first.
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-high');
    // The sorted page's names, read in one go once its first row is the dearest: the table is drawn afresh (a
    // placeholder first) by each load, and a full run once read it between two draws.
    const sorted = await page.waitForFunction((first) => {
      const names = [...document.querySelectorAll('main table tbody tr td:nth-child(2) a')].map((a) => a.textContent?.trim() ?? '');
      return names[0] === first && names;
    }, `E2E Serum 23 ${RUN}`);
    const names = (await sorted.jsonValue()) as string[];
    expect(names[0]).toBe(`E2E Serum 23 ${RUN}`);
    expect(names).toHaveLength(20);
    expect(await scanAccessibility(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `admin-products-filtered-${size}`);

    // The next page holds the last three, the cheapest last.
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await waitForSummary(page, `Showing 21–${COUNT} of ${COUNT} products`);
    expect(await listedNames(page)).toEqual([3, 2, 1].map((i) => `E2E Serum 0${i} ${RUN}`));

    // A reload (or a shared link) shows the same list, and the form says what it shows.
    await page.reload();
    await waitForSummary(page, `Showing 21–${COUNT} of ${COUNT} products`);
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe(TYPE);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-high');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // Out of stock: every fifth serum, back on page 1.
    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Out of stock' });
    await page.waitForURL((url) => url.searchParams.get('stock') === 'out' && !url.searchParams.has('page'));
    await waitForSummary(page, 'Showing 1–4 of 4 products');
    expect(await listedNames(page)).toEqual([20, 15, 10, 5].map((i) => `E2E Serum ${String(i).padStart(2, '0')} ${RUN}`));
    await page.getByRole('main').getByRole('table').getByText('Out of stock', { exact: true }).first().waitFor();

    // Running low: 1 up to the shop's threshold (3).
    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Running low' });
    await waitForSummary(page, 'Showing 1–3 of 3 products');
    expect(await listedNames(page)).toEqual([21, 14, 7].map((i) => `E2E Serum ${i < 10 ? `0${i}` : i} ${RUN}`));

    // A search by name, with Enter; then nothing matches, and the list says how to go back.
    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Any stock' });
    await waitForSummary(page, `Showing 1–20 of ${COUNT} products`);
    const search = page.getByLabel('Search by name or type');
    await search.fill(`serum 07 ${RUN}`);
    await search.press('Enter');
    await waitForSummary(page, 'Showing 1–1 of 1 product');
    expect(await listedNames(page)).toEqual([`E2E Serum 07 ${RUN}`]);
    await search.fill(`no such serum ${RUN}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No products match this search and these filters.').waitFor();
    await page.getByRole('link', { name: 'Clear the search and filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q') && !url.searchParams.has('type'));
    expect(await page.getByLabel('Search by name or type').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });
});

describe.each(SIZES)('a hidden product (%s)', (size) => {
  it('is saved as a draft, marked Hidden for the owner, and not sold to shoppers', async () => {
    const name = `E2E Draft Balm ${size} ${RUN}`;
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/products/add`);
    await page.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Type', { exact: true }).selectOption('Lip Balm');
    await page.getByLabel('Price (TT$)', { exact: true }).fill('35');
    await page.getByLabel('Count In Stock').fill('8');
    await page.getByLabel('Description', { exact: true }).fill('A balm the owner is not ready to sell.');
    await page.getByLabel('Main Image URL').fill('/api/files/demo/mango-lip-balm.svg');
    await page.getByLabel('Visible in shop').uncheck();
    await page.getByText('Hidden: a draft. Shoppers cannot see, find or buy it until you turn this on.').waitFor();
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByRole('heading', { name: 'Product added successfully' }).waitFor();
    const [draft] = (await ownerList(`?q=${encodeURIComponent(name)}`)).products;
    made.push(draft._id);
    expect(draft).toMatchObject({ name, visible: false, type: 'Lip Balm' });

    // The shop does not know it: the API and the page answer 404, and no list or search has it.
    expect((await fetch(`${GATEWAY_URL}/api/products/${draft._id}`)).status).toBe(404);
    expect((await fetch(`${STOREFRONT_URL}/product/${draft._id}`)).status).toBe(404);
    const search = (await (await fetch(`${GATEWAY_URL}/api/products?q=${encodeURIComponent(`draft balm ${size} ${RUN}`)}`)).json()) as { total: number };
    expect(search.total).toBe(0);
    const shop = await admin.openShop(size);
    await shop.goto(`${STOREFRONT_URL}/product/${draft._id}`);
    await shop.getByText('Oops, an error occurred: Product not found', { exact: true }).first().waitFor();
    expect(await shop.getByRole('heading', { name }).count()).toBe(0);

    // Checkout refused, naming it (a cart from before it was hidden).
    const order = await fetch(`${GATEWAY_URL}/api/orders/inperson`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-visitor-id': visitorId() },
      body: JSON.stringify({
        fname: 'Kezia',
        lname: 'Mohammed',
        email: 'kezia@example.tt',
        phone: '8685550199',
        city: 'Chaguanas',
        street: '7 Main Road',
        orderItems: [{ product: draft._id, qty: 1 }],
      }),
    });
    expect(order.status).toBe(409);
    expect(await order.json()).toEqual({ message: `${name} is not for sale at the moment. Please remove it from your cart to place your order.` });

    // The owner sees it in the list, marked Hidden, and can filter the drafts.
    await page.goto(`${ADMIN_URL}/admin/products/?visibility=hidden&q=${encodeURIComponent(name)}`);
    const row = page.getByRole('main').getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row.getByText('Hidden', { exact: true }).waitFor();
    await saveScreenshot(page, `admin-products-hidden-${size}`);

    // The edit screen says so; turning "Visible in shop" on puts it on sale.
    await row.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    await page.getByText('Shoppers cannot see, find or buy this product.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: /View in shop/ }).count()).toBe(0);
    expect(await page.getByLabel('Visible in shop').isChecked()).toBe(false);
    expect(await scanAccessibility(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `admin-product-edit-hidden-${size}`);
    await page.getByLabel('Visible in shop').check();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Product edited successfully' }).waitFor();
    await page.getByRole('link', { name: /View in shop/ }).waitFor();
    expect((await fetch(`${GATEWAY_URL}/api/products/${draft._id}`)).status).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe.each(SIZES)('the type of a product (%s)', (size) => {
  it('is chosen from the list, and a new type is added on purpose, never a re-spelt one', async () => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/products/add`);
    await page.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor();
    const type = page.getByLabel('Type', { exact: true });
    const choices = await type.locator('option').allInnerTexts();
    const types = await api<string[]>('/api/admin/products/types');
    expect(choices).toEqual(['Choose a type', ...types, 'Add a new type…']);

    // A "new" type that only re-spells one the shop has chooses that one, and says so.
    await type.selectOption({ label: 'Add a new type…' });
    const newType = page.getByLabel('Name of the new type');
    await newType.fill('  hair   OIL ');
    await newType.blur();
    await page.getByText('“hair   OIL” is already a type, so Hair Oil is chosen.').waitFor();
    expect(await type.inputValue()).toBe('Hair Oil');
    expect(await page.getByLabel('Name of the new type').count()).toBe(0);

    // A really new one, trimmed.
    const fresh = `E2E Beard Balm ${size} ${RUN}`;
    await type.selectOption({ label: 'Add a new type…' });
    await page.getByLabel('Name of the new type').fill(`  ${fresh}  `);
    await page.getByText("Shoppers see it as a choice in the shop's filter, so check the spelling.").waitFor();
    const name = `E2E Bay Rum Beard Balm ${size} ${RUN}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price (TT$)', { exact: true }).fill('55');
    await page.getByLabel('Description', { exact: true }).fill('Bay rum and shea for beards.');
    await page.getByLabel('Main Image URL').fill('/api/files/demo/mango-lip-balm.svg');
    // An empty stock says what to do.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('Please enter how many are in stock', { exact: true }).waitFor();
    await page.getByLabel('Count In Stock').fill('4');
    await page.getByLabel('Ingredients').fill('Shea butter, bay rum oil.');
    await page.getByLabel('Size', { exact: true }).fill('60 g tin');
    expect(await scanAccessibility(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `admin-product-new-type-${size}`);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Product added successfully' }).waitFor();
    const [created] = (await ownerList(`?q=${encodeURIComponent(name)}`)).products;
    made.push(created._id);
    expect(created).toMatchObject({ type: fresh, visible: true });
    const full = await api<Product>(`/api/admin/products/${created._id}`);
    expect(full).toMatchObject({ ingredients: 'Shea butter, bay rum oil.', size: '60 g tin' });

    // It is now a choice of the list's type filter.
    await page.goto(`${ADMIN_URL}/admin/products/`);
    await page.getByRole('heading', { level: 1, name: 'View/Edit Products' }).waitFor();
    expect(await page.getByLabel('Type', { exact: true }).locator('option').allInnerTexts()).toContain(fresh);
    expect(errors).toEqual([]);
  });
});

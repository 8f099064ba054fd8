import type { AdminProductPage, Product, ProductSummary } from '@shop/contracts';
import { saveScreenshot, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, ADMIN_USERNAME, GATEWAY_URL, STOREFRONT_URL, useAdminPages } from './support/admin-browser';
import { submitLogin } from './support/owner-sign-in';
import { makePng, serveOutsideImages } from './support/test-images';

const PRODUCT_NAME = `E2E Hibiscus Hair Oil ${Date.now().toString(36)}`;

let png: Buffer;
// The pasted image URLs of these tests point at example.com; the browser has no internet, so they are served here.
const admin = useAdminPages({ prepare: (context) => serveOutsideImages(context, png) });

beforeAll(async () => {
  png = await makePng({ r: 194, g: 56, b: 79 });
});

async function storedLogin(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('userInfo'));
}

async function listedProducts(): Promise<ProductSummary[]> {
  const response = await fetch(`${GATEWAY_URL}/api/products`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProductSummary[];
}

/** Opens the product's page in the storefront, as a shopper (no admin login), and waits for its heading or message. */
async function openInStorefront(id: string, text: string): Promise<Page> {
  const page = await admin.openShop('phone');
  await page.goto(`${STOREFRONT_URL}/product/${id}`);
  await page.getByText(text, { exact: true }).first().waitFor();
  return page;
}

/** Every product the owner has, hidden ones too (the owner's list, issue 26). */
async function ownerProducts(): Promise<ProductSummary[]> {
  const response = await fetch(`${GATEWAY_URL}/api/admin/products?pageSize=100`, { headers: { Authorization: `Bearer ${admin.login.token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as AdminProductPage).products;
}

async function findProduct(name: string): Promise<ProductSummary | undefined> {
  return (await listedProducts()).find((p) => p.name === name);
}

describe('admin sign in and guard', () => {
  it.each(SIZES)('sends a visitor without a login to /admin/login (%s)', async (size) => {
    const { page, errors } = await admin.open(size, false);
    for (const path of ['/admin/', '/admin/products/', '/admin/products/add', '/admin/restock', '/admin/comments']) {
      await page.goto(`${ADMIN_URL}${path}`);
      await page.waitForURL(`${ADMIN_URL}/admin/login`);
    }
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await saveScreenshot(page, `admin-login-${size}`);
    expect(errors).toEqual([]);
  });

  it('refuses a wrong password and stores nothing', async () => {
    const { page } = await admin.open('phone', false);
    await submitLogin(page, { username: ADMIN_USERNAME, password: 'not-the-password' });
    // The form's own alert (the toaster's alert region stays on the page, empty).
    const alert = page.getByRole('form', { name: 'Sign In' }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await storedLogin(page)).toBeNull();
  });

  it("toasts 'You are not an Admin' when the login is not an admin's", async () => {
    const { page } = await admin.open('desktop', false);
    await page.route('**/api/users/login', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...admin.login, isAdmin: false }) }),
    );
    await submitLogin(page, { username: 'someone', password: 'whatever-it-is' });
    await page.getByText('You are not an Admin', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await storedLogin(page)).toBeNull();
    // Toasts last 2 s.
    await page.getByText('You are not an Admin', { exact: true }).waitFor({ state: 'detached', timeout: 4_000 });
  });

  it.each(SIZES)('signs the admin in, shows the layout, and logs out (%s)', async (size) => {
    const { page, errors } = await admin.open(size, false);
    await submitLogin(page);
    await page.waitForURL(`${ADMIN_URL}/admin/`);
    const stored = JSON.parse((await storedLogin(page)) ?? '{}') as Record<string, unknown>;
    // What the screens show, and no credential (the session is an HttpOnly cookie).
    expect(stored).toEqual({ _id: admin.login._id, username: ADMIN_USERNAME, isAdmin: true, expiresAt: expect.any(String) });

    const nav = page.getByRole('navigation', { name: 'Admin' });
    const menu = page.getByRole('button', { name: 'Menu' });
    if (size === 'phone') {
      expect(await nav.isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
    } else {
      expect(await menu.isVisible()).toBe(false);
    }
    for (const link of ['Dashboard', 'Orders', 'View/Edit Products', 'Add New Product', 'Media', 'Site Settings']) {
      await nav.getByRole('link', { name: link, exact: true }).waitFor({ timeout: 5_000 });
    }
    // Its own name: dashboard.e2e saves admin-dashboard-{size}, which overwrote this shot of the open phone menu.
    await saveScreenshot(page, `admin-signed-in-${size}`);
    if (size === 'phone') {
      // Escape closes the menu and gives the focus back to its button; so does a tap outside it.
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden', timeout: 5_000 });
      expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
      await menu.click();
      await nav.waitFor();
      await page.mouse.click(180, 700);
      await nav.waitFor({ state: 'hidden', timeout: 5_000 });
      await menu.click();
      await nav.getByRole('link', { name: 'View/Edit Products' }).click();
      await page.waitForURL(`${ADMIN_URL}/admin/products/`);
      // Following a link closes the menu (the close runs just after the navigation).
      await nav.waitFor({ state: 'hidden', timeout: 5_000 });
    }

    // The spec's comments screen is the reviews screen now (issue 26).
    await page.goto(`${ADMIN_URL}/admin/comments`);
    await page.waitForURL(`${ADMIN_URL}/admin/reviews`);
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/login`);
    expect(await storedLogin(page)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('keeps the phone menu open when the owner opened it while the first screen was still loading', async () => {
    const { page, errors } = await admin.open('phone');
    // The dashboard's code is held back, so the loading frame (with its own Menu button) is up first.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/dashboard-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(`${ADMIN_URL}/admin/`);
    await page.getByRole('status').getByText('Loading…').waitFor({ state: 'attached' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(asked).toBe(true);
    release();
    await page.getByRole('heading', { level: 1, name: 'Shop admin' }).waitFor();
    // The layout that replaced the loading frame shows the same open menu.
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Site Settings' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/controls`);
    await nav.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(errors).toEqual([]);
  });

  it('logs out when the API answers 401 (stored login info, but no live session)', async () => {
    const { page } = await admin.open('desktop', false);
    await page.addInitScript((info) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('userInfo', info);
      }
    }, JSON.stringify({ _id: admin.login._id, username: admin.login.username, isAdmin: true, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
    await page.goto(`${ADMIN_URL}/admin/restock`);
    await page.waitForURL(`${ADMIN_URL}/admin/login`);
    expect(await storedLogin(page)).toBeNull();
  });
});

describe('admin products', () => {
  // The product made here is edited, restocked and deleted by the tests that follow.
  let product: ProductSummary;

  it('adds a product with an uploaded image, checking the form rules on the way', async () => {
    const { page, errors } = await admin.open('desktop');
    await page.goto(`${ADMIN_URL}/admin/products/add`);
    await page.getByRole('heading', { level: 1, name: 'Add New Product' }).waitFor();

    // Required fields: nothing is sent until they are filled in.
    await page.getByRole('button', { name: 'Add Product' }).click();
    // Messages written for people (issue 26).
    expect(await page.getByText("Please enter the product's name").isVisible()).toBe(true);
    expect(await page.getByText('Please enter the price', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Please enter how many are in stock', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Please choose a type').isVisible()).toBe(true);
    expect(await page.getByText('Please add a main picture: upload one, or paste its https address').isVisible()).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill(PRODUCT_NAME);
    // A field's message goes once the field is changed.
    expect(await page.getByText("Please enter the product's name").count()).toBe(0);
    // The type is chosen from the shop's types (issue 26).
    await page.getByLabel('Type', { exact: true }).selectOption('Hair Oil');
    await page.getByLabel('Price (TT$)', { exact: true }).fill('1250.5');
    await page.getByLabel('Old Price (TT$)').fill('1400');
    await page.getByLabel('Count In Stock').fill('0');
    await page.getByLabel('Promotion label').fill('NEW');
    await page.getByLabel('Description').fill('Cold-pressed hibiscus oil for shine and softness.');
    await page.getByLabel('Description').focus();
    // Money fields are reformatted when left.
    expect(await page.getByLabel('Price (TT$)', { exact: true }).inputValue()).toBe('1,250.50');
    expect(await page.getByLabel('Old Price (TT$)').inputValue()).toBe('1,400.00');

    // Promotion text holds at most 6 characters, and the field says what it is for.
    expect(await page.getByLabel('Promotion label').getAttribute('maxlength')).toBe('6');
    expect(await page.getByText('A short label on the picture, at most 6 characters, e.g. NEW').isVisible()).toBe(true);

    // Sub Image 2 appears once Sub Image 1 is set, Sub Image 3 once Sub Image 2 is.
    expect(await page.getByLabel('Sub Image 2 URL').count()).toBe(0);
    await page.getByLabel('Sub Image 1 URL').fill('https://example.com/sub-1.jpg');
    expect(await page.getByLabel('Sub Image 3 URL').count()).toBe(0);
    await page.getByLabel('Sub Image 2 URL').fill('https://example.com/sub-2.jpg');
    await page.getByLabel('Sub Image 3 URL').waitFor();
    await page.getByLabel('Sub Image 2 URL').fill('');
    await page.getByLabel('Sub Image 1 URL').fill('');
    expect(await page.getByLabel('Sub Image 2 URL').count()).toBe(0);

    await page.getByLabel('Upload Main Image').setInputFiles({ name: 'hibiscus.png', mimeType: 'image/png', buffer: png });
    // The control says what was uploaded (the browser's own one said "No file chosen" beside the preview).
    await page.getByText('Uploaded hibiscus.png', { exact: true }).waitFor();
    const preview = page.getByRole('img', { name: 'Main Image preview' });
    await preview.waitFor();
    const url = await page.getByLabel('Main Image URL').inputValue();
    expect(url).toMatch(/^\/api\/files\//);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Main Image preview"]');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    await saveScreenshot(page, 'admin-product-add-desktop');

    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Product added successfully' }).waitFor();

    const created = await findProduct(PRODUCT_NAME);
    expect(created).toMatchObject({ price: 1250.5, oldprice: 1400, countInStock: 0, promotext: 'NEW', type: 'Hair Oil', image: url, subimages: [] });
    product = created as ProductSummary;
    // The uploaded image is served.
    expect((await fetch(`${ADMIN_URL}${url}`)).status).toBe(200);
    expect(errors).toEqual([]);

    // A shopper sees it in the storefront, with the uploaded picture.
    const shop = await openInStorefront(product._id, PRODUCT_NAME);
    await shop.getByRole('heading', { level: 1, name: PRODUCT_NAME }).waitFor();
    expect(await shop.getByText('TT$1,250.50').count()).toBeGreaterThan(0);
    expect(await shop.getByText('TT$1,400.00').count()).toBeGreaterThan(0);
    await shop.getByText('Not In Stock.').waitFor();
    await shop.waitForFunction((src) => {
      const img = Array.from(document.images).find((i) => i.getAttribute('src')?.startsWith(src));
      return Boolean(img?.complete && img.naturalWidth > 0);
    }, url.replace(/\.[a-z]+$/, ''));
  });

  it("shows 'Unsuccessful: {message}' when the server refuses the product", async () => {
    const { page } = await admin.open('phone');
    await page.route('**/api/products', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'A product with that name exists' }) })
        : route.continue(),
    );
    await page.goto(`${ADMIN_URL}/admin/products/add`);
    await page.getByLabel('Name', { exact: true }).fill('Refused product');
    await page.getByLabel('Type', { exact: true }).selectOption('Hair Oil');
    await page.getByLabel('Price (TT$)', { exact: true }).fill('10');
    await page.getByLabel('Count In Stock').fill('3');
    await page.getByLabel('Description').fill('Refused.');
    await page.getByLabel('Main Image URL').fill('https://example.com/refused.jpg');
    await saveScreenshot(page, 'admin-product-add-phone');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('heading', { name: 'Unsuccessful: A product with that name exists' }).waitFor();
    await page.getByRole('link', { name: 'Go to Products' }).waitFor();
  });

  it.each(SIZES)('lists products with a search (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/products/`);
    await page.getByRole('heading', { level: 1, name: 'View/Edit Products' }).waitFor();
    await page.getByRole('link', { name: PRODUCT_NAME, exact: true }).waitFor();
    const all = await ownerProducts();
    // A page of 20 at most (issue 26), the newest first: the one just made is on it.
    const rows = page.getByRole('main').getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(Math.min(all.length, 20) + 1);
    await saveScreenshot(page, `admin-products-${size}`);
    // Each word is found in the name or the type.
    const found = all.filter((p) => ['hibiscus', 'hair'].every((word) => p.name.toLowerCase().includes(word) || p.type.toLowerCase().includes(word)));
    expect(found.some((p) => p.name === PRODUCT_NAME)).toBe(true);
    await page.getByPlaceholder('Search for a product').fill('hibiscus hair');
    await page.getByPlaceholder('Search for a product').press('Enter');
    await page.waitForURL(/\?q=hibiscus\+hair$/);
    await page.getByRole('status').getByText(`Showing 1–${found.length} of ${found.length} products`, { exact: true }).waitFor();
    expect(await rows.count()).toBe(found.length + 1);
    expect(errors).toEqual([]);
  });

  it('edits the product', async () => {
    const { page, errors } = await admin.open('phone');
    await page.goto(`${ADMIN_URL}/admin/products/`);
    await page.getByRole('link', { name: `Edit ${PRODUCT_NAME}` }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/products/${product._id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    expect(await page.getByLabel('Price (TT$)', { exact: true }).inputValue()).toBe('1,250.50');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(PRODUCT_NAME);
    await saveScreenshot(page, 'admin-product-edit-phone');

    await page.getByLabel('Price (TT$)', { exact: true }).fill('99.9');
    await page.getByLabel('Sub Image 1 URL').fill('https://example.com/sub-1.jpg');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Product edited successfully' }).waitFor();
    await page.getByText('Product Updated Successfully').waitFor();

    const response = await fetch(`${GATEWAY_URL}/api/products/${product._id}`);
    const saved = (await response.json()) as Product;
    expect(saved).toMatchObject({ name: PRODUCT_NAME, price: 99.9, subimages: ['https://example.com/sub-1.jpg'], image: product.image });
    expect(errors).toEqual([]);

    // The storefront shows the new price.
    const shop = await openInStorefront(product._id, PRODUCT_NAME);
    expect(await shop.getByText('TT$99.90').count()).toBeGreaterThan(0);
  });

  it('logs out cleanly when the session expires mid-edit', async () => {
    const { page } = await admin.open('desktop');
    await page.route(`**/api/products/${product._id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Not authorized, token failed' }) })
        : route.continue(),
    );
    await page.goto(`${ADMIN_URL}/admin/products/${product._id}`);
    await page.getByLabel('Type', { exact: true }).selectOption('Lip Balm');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/login`);
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(await storedLogin(page)).toBeNull();
    expect((await findProduct(PRODUCT_NAME))?.type).toBe('Hair Oil');
  });

  it('shows the edit screen on a desktop', async () => {
    const { page } = await admin.open('desktop');
    await page.goto(`${ADMIN_URL}/admin/products/${product._id}`);
    await page.getByLabel('Sub Image 2 URL').waitFor();
    await saveScreenshot(page, 'admin-product-edit-desktop');
  });

  it.each(SIZES)('restocks the product in place (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/`);
    // Once the figures are in: while they load, the link below them moves, and a click aimed at it can land elsewhere.
    for (const loading of ['Loading the figures…', 'Loading the items to restock…']) {
      await page.getByRole('main').getByText(loading).waitFor({ state: 'detached' });
    }
    await page.getByRole('main').getByRole('link', { name: 'Items In Need of Restocking' }).click();
    await page.getByRole('heading', { level: 1, name: 'Items In Need of Restocking' }).waitFor();
    // The screen lists the products running low as well as those out of stock (issue 26).
    const restock = await fetch(`${GATEWAY_URL}/api/products/restock?include=low-stock`, { headers: { Authorization: `Bearer ${admin.login.token}` } });
    const toRestock = (await restock.json()) as ProductSummary[];
    expect(toRestock.some((p) => p._id === product._id)).toBe(size === 'phone');
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(toRestock.length);
    await saveScreenshot(page, `admin-restock-${size}`);
    if (size !== 'phone') return;

    // By the name's own suffix: the demo catalogue has a sold-out "Hibiscus" lip-balm shade as well (issue 28).
    await page.getByPlaceholder('Search for a product').fill(PRODUCT_NAME.split(' ').at(-1) as string);
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 1);
    // "+12" in place (issue 26): the product then has more than the low-stock threshold and leaves the list.
    const form = page.getByRole('form', { name: `Add stock to ${PRODUCT_NAME}` });
    await form.getByLabel('Quantity').fill('12');
    await form.getByRole('button', { name: 'Add to stock' }).click();
    await page.getByText('Nothing needs restocking.').waitFor();
    expect((await findProduct(PRODUCT_NAME))?.countInStock).toBe(12);
    expect(errors).toEqual([]);
    // Shoppers can buy it again.
    const shop = await openInStorefront(product._id, PRODUCT_NAME);
    await shop.getByText('In Stock', { exact: true }).waitFor();
    expect(await shop.getByRole('button', { name: 'Add to Cart' }).isEnabled()).toBe(true);
  });

  it('deletes the product after the confirm', async () => {
    const { page, errors } = await admin.open('desktop');
    await page.goto(`${ADMIN_URL}/admin/products/`);
    const dialogShown = page.waitForEvent('dialog');
    const clicked = page.getByRole('button', { name: `Delete ${PRODUCT_NAME}` }).click();
    const dialog = await dialogShown;
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(`Are you sure you want to delete ${PRODUCT_NAME}?`);
    await dialog.dismiss();
    await clicked;
    expect(await findProduct(PRODUCT_NAME)).toBeDefined();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Delete ${PRODUCT_NAME}` }).click();
    await page.getByText('Item Deleted Successfully').waitFor();
    await page.getByRole('link', { name: PRODUCT_NAME, exact: true }).waitFor({ state: 'detached' });
    expect(await findProduct(PRODUCT_NAME)).toBeUndefined();
    expect(errors).toEqual([]);
    // The storefront's page for it now says so.
    const shop = await openInStorefront(product._id, 'Oops, an error occurred: Product not found');
    expect(await shop.getByRole('heading', { name: PRODUCT_NAME }).count()).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import { saveScreenshot, scanAccessibility, shopApi, SIZES } from '@shop/browser-testing';
import type { Order, Product, ProductSummary } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { fillCheckoutForm, SHOPPER_DETAILS } from './support/checkout';
import { adminToken, cancelOrder } from './support/shop-admin';

const api = shopApi(STOREFRONT_URL);

/**
 * A body butter in two sizes and two shades, each sold combination with its own price and picture; 8 oz Vanilla is
 * switched off (a combination the shop does not sell).
 */
async function createButter(token: string, name: string, pictures: string[]): Promise<Product> {
  return api<Product>('/api/products', {
    method: 'POST',
    token,
    expect: 201,
    body: JSON.stringify({
      name,
      price: 95,
      oldprice: 0,
      image: pictures[0],
      subimages: [],
      countInStock: 0,
      description: 'A whipped mango butter made by the variants browser test.',
      type: 'E2E',
      options: [
        { name: 'Size', values: [{ label: '8 oz' }, { label: '16 oz' }] },
        { name: 'Shade', values: [{ label: 'Cocoa', swatch: '#7b4a2d' }, { label: 'Vanilla', swatch: '#f3e5ab' }] },
      ],
      variants: [
        { labels: ['8 oz', 'Cocoa'], price: 95, countInStock: 10, image: pictures[1] },
        { labels: ['8 oz', 'Vanilla'], price: 95, countInStock: 10, active: false },
        { labels: ['16 oz', 'Cocoa'], price: 160, oldprice: 180, countInStock: 5, image: pictures[2] },
        { labels: ['16 oz', 'Vanilla'], price: 170, countInStock: 6, image: pictures[3] },
      ],
    }),
  });
}

function variantOf(product: Product, label: string) {
  const variant = product.variants.find((v) => v.label === label);
  if (!variant) throw new Error(`${product.name} has no variant ${label}`);
  return variant;
}

/** The product page's main picture (the gallery's large image) as its address. */
async function mainPicture(page: Page): Promise<string> {
  return (await page.locator('.product-gallery__main img').getAttribute('src')) ?? '';
}

/** Chooses a value as a shopper does: a tap on its button (a shade's button is its colour, named by the label). */
function choose(page: Page, option: string, value: string): Promise<void> {
  return page
    .getByRole('group', { name: option })
    .locator('label')
    .filter({ hasText: new RegExp(`^${value}`) })
    .click();
}

/** A value's radio button, found within its option (a value's name may go on: "8 oz not in Vanilla"). */
function radio(page: Page, option: string, value: string) {
  return page.getByRole('group', { name: option }).getByRole('radio', { name: new RegExp(`^${value}`) });
}

/** Fills the checkout that shows `line` in its order, pays in person, and answers the order's id once its page names the line. */
async function orderInPerson(page: Page, line: string): Promise<string> {
  await page.getByRole('table', { name: 'Your order' }).getByText(line).waitFor();
  await fillCheckoutForm(page, SHOPPER_DETAILS);
  await page.getByRole('button', { name: 'Pay In Person' }).click();
  await page.waitForURL(/\/checkoutInPerson\/[^/?]+$/);
  await page.getByText(line).first().waitFor();
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/** The price the page shows now (the first price on the product's details). */
function shownPrice(page: Page) {
  return page.locator('.product-detail__info .product-price__now').first();
}

/**
 * Issue 28 on the storefront, at phone and desktop size: the shopper chooses 16 oz and a shade, and the price, the
 * picture and the address follow in place; the same address without JavaScript is drawn by the server with that
 * variant and orders it; a sold-out shade is crossed out and offers "Notify me".
 */
describe.each(SIZES)('product variants on the storefront (%s)', (viewport) => {
  const open = useBrowserPages();
  let token: string;
  let demo: ProductSummary[];
  let butter: Product;
  const placed: string[] = [];

  beforeAll(async () => {
    token = await adminToken();
    demo = await fetchProducts();
    butter = await createButter(token, `Mango Body Butter ${viewport} ${randomUUID().slice(0, 6)}`, demo.slice(0, 4).map((p) => p.image));
  });

  afterAll(async () => {
    for (const id of placed) await cancelOrder(token, id);
  });

  it('with the app: choosing 16 oz and a shade changes the price, the picture and the address without a page load; the cart keeps each variant as its own line', async () => {
    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/product/${butter._id}`);
    const options = page.getByRole('group', { name: 'Size' });
    await options.waitFor();
    // The default: the first variant in stock (8 oz Cocoa), with its own picture.
    expect(await shownPrice(page).innerText()).toBe('TT$95.00');
    expect(await radio(page, 'Size', '8 oz').isChecked()).toBe(true);
    expect(await mainPicture(page)).toBe(variantOf(butter, '8 oz / Cocoa').image);
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));

    const big = variantOf(butter, '16 oz / Cocoa');
    await choose(page, 'Size', '16 oz');
    await page.waitForURL(`${STOREFRONT_URL}/product/${butter._id}?variant=${big._id}`);
    await page.getByText('TT$160.00', { exact: true }).first().waitFor();
    expect(await page.locator('.product-detail__info .product-price__was').innerText()).toContain('TT$180.00');
    expect(await mainPicture(page)).toBe(big.image);

    const vanilla = variantOf(butter, '16 oz / Vanilla');
    await choose(page, 'Shade', 'Vanilla');
    await page.waitForURL(`${STOREFRONT_URL}/product/${butter._id}?variant=${vanilla._id}`);
    await page.getByText('TT$170.00', { exact: true }).first().waitFor();
    expect(await mainPicture(page)).toBe(vanilla.image);
    expect(await radio(page, 'Shade', 'Vanilla').isChecked()).toBe(true);
    expect(await page.title()).toBe(`${butter.name} - 16 oz / Vanilla | Island Glow`);
    // Not made: Vanilla in 8 oz is switched off, so 8 oz says it is not in Vanilla, and choosing it takes Cocoa.
    expect(await page.getByRole('group', { name: 'Size' }).innerText()).toContain('not in Vanilla');
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `storefront-variants-16oz-vanilla-${viewport}`);

    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    await page.getByRole('heading', { name: `${butter.name} - 16 oz / Vanilla` }).waitFor();
    await page.getByText('TT$170.00 x 2 = TT$340.00').waitFor();

    // The same product in another variant is a second line.
    await page.goto(`${STOREFRONT_URL}/product/${butter._id}?variant=${vanilla._id}`);
    await choose(page, 'Size', '8 oz');
    await page.waitForURL(`${STOREFRONT_URL}/product/${butter._id}?variant=${variantOf(butter, '8 oz / Cocoa')._id}`);
    expect(await radio(page, 'Shade', 'Cocoa').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    await page.getByRole('heading', { name: `${butter.name} - 8 oz / Cocoa` }).waitFor();
    await page.getByRole('heading', { name: `${butter.name} - 16 oz / Vanilla` }).waitFor();
    await page.getByText('Total (3 items): TT$435.00').waitFor();
    await saveScreenshot(page, `storefront-variants-cart-${viewport}`);

    // Checkout and the order's page name each variant.
    await page.getByRole('link', { name: 'Checkout' }).click();
    const id = await orderInPerson(page, `${butter.name} - 16 oz / Vanilla`);
    placed.push(id);
    await page.getByText(`${butter.name} - 8 oz / Cocoa`).first().waitFor();
    const order = await api<Order>(`/api/orders/${id}`, { token });
    expect(order.orderItems.map((line) => [line.name, line.variant, line.variantLabel, line.price, line.qty]).sort()).toEqual(
      [
        [`${butter.name} - 16 oz / Vanilla`, vanilla._id, '16 oz / Vanilla', 170, 2],
        [`${butter.name} - 8 oz / Cocoa`, variantOf(butter, '8 oz / Cocoa')._id, '8 oz / Cocoa', 95, 1],
      ].sort(),
    );
    await page.goto(`${STOREFRONT_URL}/tracking/${id}`);
    await page.getByText(`${butter.name} - 16 oz / Vanilla`).first().waitFor();
  });

  it("before the app has loaded, a tap on a value sends the options' form: the server answers at that variant's address", async () => {
    const { page } = await open(viewport);
    // The app's code is held back, so the tap meets the server's page alone.
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${STOREFRONT_URL}/product/${butter._id}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.early === 'true');
    const big = variantOf(butter, '16 oz / Cocoa');
    await choose(page, 'Size', '16 oz');
    await page.waitForURL(`${STOREFRONT_URL}/product/${butter._id}?variant=${big._id}`);
    expect(await shownPrice(page).innerText()).toBe('TT$160.00');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
  });

  it('the grid shows the product once, "from" its lowest price', async () => {
    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/products/${encodeURIComponent(butter.name)}`);
    const cards = page.getByRole('main').getByRole('article').filter({ hasText: butter.name });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('from TT$95.00');
  });

  it("without JavaScript: the variant's address is drawn by the server (price, picture, preview tags, ProductGroup), the form chooses another, and Buy Now orders it", async () => {
    const vanilla = variantOf(butter, '16 oz / Vanilla');
    const { page } = await open(viewport, { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/product/${butter._id}?variant=${vanilla._id}`);
    await page.getByRole('heading', { level: 1, name: butter.name }).waitFor();
    expect(await shownPrice(page).innerText()).toBe('TT$170.00');
    expect(await mainPicture(page)).toBe(vanilla.image);
    expect(await radio(page, 'Size', '16 oz').isChecked()).toBe(true);
    expect(await radio(page, 'Shade', 'Vanilla').isChecked()).toBe(true);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${STOREFRONT_URL}/og/product/${butter._id}.jpg?variant=${vanilla._id}`);
    expect(await page.locator('meta[property="product:price:amount"]').getAttribute('content')).toBe('170.00');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
    expect(ld).toMatchObject({ '@type': 'ProductGroup', variesBy: ['https://schema.org/size', 'https://schema.org/color'] });
    expect(ld.hasVariant.map((v: { name: string; offers: { price: string } }) => [v.name, v.offers.price])).toEqual([
      [`${butter.name} - 8 oz / Cocoa`, '95.00'],
      [`${butter.name} - 16 oz / Cocoa`, '160.00'],
      [`${butter.name} - 16 oz / Vanilla`, '170.00'],
    ]);
    // The preview picture is the variant's, drawn by the storefront's server.
    const preview = await fetch(`${STOREFRONT_URL}/og/product/${butter._id}.jpg?variant=${vanilla._id}`);
    expect([preview.status, preview.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    await saveScreenshot(page, `storefront-nojs-variant-${viewport}`);

    // An unknown variant is the default one, not an error.
    const unknown = await fetch(`${STOREFRONT_URL}/product/${butter._id}?variant=${randomUUID()}`);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('TT$95.00');

    // The options are a form: Cocoa and Choose, answered at the chosen variant's own address.
    const cocoa = variantOf(butter, '16 oz / Cocoa');
    await choose(page, 'Shade', 'Cocoa');
    await page.getByRole('button', { name: 'Choose' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/product/${butter._id}?variant=${cocoa._id}`);
    expect(await shownPrice(page).innerText()).toBe('TT$160.00');
    // 8 oz Vanilla is not sold: from 16 oz Vanilla, choosing 8 oz lands on 8 oz Cocoa.
    await page.goto(`${STOREFRONT_URL}/product/${butter._id}?variant=${vanilla._id}`);
    await choose(page, 'Size', '8 oz');
    await page.getByRole('button', { name: 'Choose' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/product/${butter._id}?variant=${variantOf(butter, '8 oz / Cocoa')._id}`);

    await page.goto(`${STOREFRONT_URL}/product/${butter._id}?variant=${cocoa._id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const id = await orderInPerson(page, `${butter.name} - 16 oz / Cocoa`);
    placed.push(id);
    const order = await api<Order>(`/api/orders/${id}`, { token });
    expect(order.orderItems).toEqual([expect.objectContaining({ name: `${butter.name} - 16 oz / Cocoa`, variant: cocoa._id, variantLabel: '16 oz / Cocoa', price: 160, qty: 1 })]);
    await saveScreenshot(page, `storefront-nojs-variant-ordered-${viewport}`);
  });

  it('"Notify me" on the sold-out Hibiscus shade of the demo lip balm: crossed out, still chosen, the sign-up kept for that shade', async () => {
    const balm = demo.find((p) => p.name === 'Passion Fruit Tinted Lip Balm');
    if (!balm) throw new Error('demo product missing');
    const full = await api<Product>(`/api/products/${balm._id}`);
    const hibiscus = variantOf(full, 'Hibiscus');
    const waiting = async () => (await api<Array<{ variant?: string; waiting: number }>>('/api/products/restock', { token })).find((l) => l.variant === hibiscus._id)?.waiting ?? 0;
    const before = await waiting();

    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/product/${balm._id}`);
    const shade = page.getByRole('group', { name: 'Shade' });
    await shade.waitFor();
    expect(await radio(page, 'Shade', 'Hibiscus \\(sold out\\)').isChecked()).toBe(false);
    // Its colour is struck through.
    const label = shade.locator('label', { hasText: 'Hibiscus' });
    expect(await label.evaluate((el) => getComputedStyle(el, '::after').backgroundImage)).toContain('linear-gradient');
    expect(await page.getByRole('region', { name: 'Notify me when it is back' }).count()).toBe(0);

    await choose(page, 'Shade', 'Hibiscus');
    // A shade's button is its colour: the chosen one's name is written after them.
    await shade.locator('.variant-picker__chosen', { hasText: 'Hibiscus (sold out)' }).waitFor();
    await page.waitForURL(`${STOREFRONT_URL}/product/${balm._id}?variant=${hibiscus._id}`);
    const form = page.getByRole('region', { name: 'Notify me when it is back' });
    await form.getByText('Passion Fruit Tinted Lip Balm - Hibiscus is sold out.').waitFor();
    expect(await page.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    expect(await scanAccessibility(page)).toEqual([]);
    await form.getByLabel('E-mail address').fill(`hibiscus-${viewport}-${randomUUID().slice(0, 6)}@shopper.test`);
    await form.getByLabel(/I agree that Island Glow may contact me/).check();
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByRole('status').getByText('Thank you! We will let you know when it is back in stock.').waitFor();
    await saveScreenshot(page, `storefront-variants-notify-hibiscus-${viewport}`);
    expect(await waiting()).toBe(before + 1);

    // Another shade is in stock again: the form goes, Add to Cart is back.
    await choose(page, 'Shade', 'Cocoa');
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    expect(await form.count()).toBe(0);
  });
});

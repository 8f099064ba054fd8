import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { answerOnSandbox, placeOrderAs, saveScreenshot, scanAccessibility, shopper, SIZES, toast, useVisitor, type ViewportName } from '@shop/browser-testing';
import { fetchProducts, gotoInApp, openProduct, PAYMENT_RESULT_URL, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { adminToken } from './support/shop-admin';

/**
 * Every public screen of the storefront, at phone and desktop size, scanned with axe-core (WCAG 2.0/2.1 A and
 * AA plus best practices): a moderate, serious or critical finding fails the test with its rule, impact and elements.
 * Each screen is also saved as storefront-<screen>-<size>.png for a look by eye.
 */
const open = useBrowserPages();

/** Scans screens one after the other and fails once at the end, listing everything found on every screen. */
function scanner(viewport: ViewportName) {
  const findings: string[] = [];
  return {
    async check(page: Page, screen: string): Promise<void> {
      for (const finding of await scanAccessibility(page)) {
        findings.push(`${screen} (${viewport}): ${finding.rule} [${finding.impact}] ${finding.help}\n      ${finding.targets.join('\n      ')}`);
      }
      await saveScreenshot(page, `storefront-${screen}-${viewport}`);
    },
    expectClean(): void {
      if (findings.length > 0) throw new Error(`axe-core found ${findings.length} moderate, serious or critical violations:\n${findings.join('\n')}`);
    },
  };
}

/** A product whose image is a real upload (1600 px wide, so all three WebP copies are made). */
async function createUploadedProduct(name: string): Promise<{ id: string; image: string }> {
  const token = await adminToken();
  const picture = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 214, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'cocoa.jpg');
  const uploaded = await fetch(`${STOREFRONT_URL}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (uploaded.status !== 201) throw new Error(`the upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { url } = (await uploaded.json()) as { url: string };
  const created = await fetch(`${STOREFRONT_URL}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name,
      price: 120,
      oldprice: 0,
      image: url,
      subimages: [],
      description: 'Cocoa butter whipped with shea.',
      countInStock: 5,
      promotext: '',
      type: 'Body Butter',
    }),
  });
  if (created.status !== 201) throw new Error(`creating the product answered ${created.status}: ${await created.text()}`);
  return { id: ((await created.json()) as { _id: string })._id, image: url };
}

describe.each(SIZES)('storefront accessibility (%s)', (viewport) => {
  it('home, product list, search, product page, media with the lightbox open, contact, 404 and the menu', async () => {
    const { check, expectClean } = scanner(viewport);
    const products = await fetchProducts();
    const { page } = await open(viewport);

    await page.goto(`${STOREFRONT_URL}/`);
    await page.getByRole('region', { name: "What's Trending?" }).getByRole('article').first().waitFor();
    await check(page, 'home');

    if (viewport === 'phone') {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('search here').waitFor();
      await check(page, 'menu-open');
      await page.keyboard.press('Escape');
    }

    await page.goto(`${STOREFRONT_URL}/products`);
    await page.getByRole('heading', { level: 1, name: 'Explore Our Products' }).waitFor();
    await page.getByRole('main').getByRole('article').first().waitFor();
    await check(page, 'products');

    await page.goto(`${STOREFRONT_URL}/products/lip%20balm`);
    await page.getByRole('heading', { level: 3, name: 'Mango Butter Lip Balm' }).waitFor();
    await check(page, 'products-search');

    const scrub = products.find((p) => p.name === 'Sorrel Sugar Body Scrub')!;
    await openProduct(page, scrub);
    await check(page, 'product');

    // The gallery as the owner would fill it; YouTube itself is not reachable from the test machine.
    const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 40, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer();
    await page.route('**/api/controls', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as Array<{ mediaSettings: { photos: string[]; videos: string[] } }>;
      list[0].mediaSettings = { photos: products.slice(0, 5).map((p) => p.image), videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] };
      await route.fulfill({ response, json: list });
    });
    await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: thumbnail }));
    await gotoInApp(page, '/media');
    await page.getByRole('button', { name: 'Photo 2' }).click();
    await page.getByRole('dialog', { name: 'Photo 2 of 5' }).waitFor();
    await check(page, 'media-lightbox');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await check(page, 'media');

    await page.goto(`${STOREFRONT_URL}/contact`);
    await page.getByRole('heading', { level: 2, name: 'Send Us Feedback' }).waitFor();
    await check(page, 'contact');

    await page.goto(`${STOREFRONT_URL}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found.' }).waitFor();
    await check(page, '404');

    expectClean();
  });

  it('cart empty and filled, checkout with the form and with its errors', async () => {
    const { check, expectClean } = scanner(viewport);
    const products = await fetchProducts();
    const { page } = await open(viewport);

    await page.goto(`${STOREFRONT_URL}/cart`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check(page, 'cart-empty');

    for (const name of ['Coconut Curl Moisturizer', 'Passion Fruit Tinted Lip Balm']) {
      const product = products.find((p) => p.name === name)!;
      await openProduct(page, product);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL(`${STOREFRONT_URL}/cart`);
    }
    await page.getByRole('main').getByRole('link', { name: 'Checkout' }).waitFor();
    await check(page, 'cart');

    await page.goto(`${STOREFRONT_URL}/checkout`);
    await page.getByRole('table', { name: 'Your order' }).waitFor();
    await check(page, 'checkout');

    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await toast(page, 'Please ensure the highlighted fields are valid').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Email', { exact: true }).blur();
    await toast(page, 'Please ensure email is valid.').waitFor();
    expect(await page.getByLabel('First Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await check(page, 'checkout-errors');

    expectClean();
  });

  it('card results paid and failed, pay in person, tracking list and detail', async () => {
    const { check, expectClean } = scanner(viewport);
    const products = await fetchProducts();
    const oil = products.find((p) => p.name === 'Moringa Scalp Oil')!;
    const who = shopper('Aaliyah', 'Ramdass');
    const placeOne = async (inPerson: boolean) => (await placeOrderAs(STOREFRONT_URL, who, [{ product: oil._id, qty: 1 }], inPerson))._id;
    const { page } = await open(viewport);
    await useVisitor(page, STOREFRONT_URL, who.visitorId);

    const paid = await placeOne(false);
    await answerOnSandbox(page, STOREFRONT_URL, who.visitorId, paid, 'Approve');
    await page.waitForURL(PAYMENT_RESULT_URL);
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });
    await check(page, 'checkout-paid');

    const failed = await placeOne(false);
    await answerOnSandbox(page, STOREFRONT_URL, who.visitorId, failed, 'Decline');
    await page.waitForURL(PAYMENT_RESULT_URL);
    await page.getByText('Payment Unsuccessful. Sorry, please try again.').waitFor({ timeout: 20_000 });
    await check(page, 'checkout-failed');

    const inPerson = await placeOne(true);
    await page.goto(`${STOREFRONT_URL}/checkoutInPerson/${inPerson}`);
    await page.getByRole('heading', { name: 'Order Submitted Successfully' }).waitFor({ timeout: 20_000 });
    await check(page, 'checkout-in-person');

    await page.goto(`${STOREFRONT_URL}/tracking`);
    await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
    await page.getByRole('main').getByRole('article').nth(2).waitFor();
    await check(page, 'tracking');

    await page.goto(`${STOREFRONT_URL}/tracking/${paid}`);
    await page.getByRole('heading', { level: 1, name: "Tracking Aaliyah's Order" }).waitFor();
    await check(page, 'tracking-order');

    expectClean();
  });

  it("offers an uploaded product image's WebP copies in a srcset, and the browser loads one of them", async () => {
    const product = await createUploadedProduct(`Cocoa Whip Body Butter ${viewport}`);
    const { page, errors } = await open(viewport);
    const images = new Map<string, { status: number; type: string | null }>();
    page.on('response', (response) => {
      if (response.url().includes('/api/files/images/')) images.set(response.url(), { status: response.status(), type: response.headers()['content-type'] ?? null });
    });
    await page.goto(`${STOREFRONT_URL}/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: `Cocoa Whip Body Butter ${viewport}` }).waitFor();

    const image = page.getByRole('button', { name: /^Enlarge image of/ }).getByRole('img');
    const base = product.image.replace(/\.jpg$/, '');
    expect(await image.getAttribute('src')).toBe(product.image);
    expect(await image.getAttribute('srcset')).toBe(
      `${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-1280.webp 1280w, ${product.image} 1600w`,
    );
    expect(await image.getAttribute('sizes')).toBeTruthy();
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await image.elementHandle());
    // At 360 px (phone) and in a 600 px column (desktop), at one device pixel per CSS pixel, the 640 px copy fits.
    const variant = `${STOREFRONT_URL}${base}-640.webp`;
    expect(await image.evaluate((img) => (img as HTMLImageElement).currentSrc)).toBe(variant);
    expect(images.get(variant)).toEqual({ status: 200, type: 'image/webp' });
    // Only that copy of this product's picture was downloaded, not the 1600 px original ("You may also like"
    // may show other products' pictures).
    expect([...images.keys()].filter((url) => url.includes(base))).toEqual([variant]);

    // The demo pictures are named and resized like uploads (800 px originals), so they get a srcset too.
    // Searched by name: other test files of the run may have filled the first page with products of their own.
    const demoProduct = (await fetchProducts()).find((p) => p.image.startsWith('/api/files/demo/images/'));
    if (!demoProduct) throw new Error('no demo product with a demo picture');
    await page.goto(`${STOREFRONT_URL}/products/${encodeURIComponent(demoProduct.name)}`);
    await page.getByRole('main').getByRole('article').first().waitFor();
    const demo = page.getByRole('main').locator('img[src^="/api/files/demo/images/"]').first();
    const demoSrc = (await demo.getAttribute('src')) as string;
    const demoBase = demoSrc.replace(/\.webp$/, '');
    expect(await demo.getAttribute('srcset')).toBe(`${demoBase}-320.webp 320w, ${demoBase}-640.webp 640w, ${demoSrc} 800w`);
    expect(errors).toEqual([]);
  });
});

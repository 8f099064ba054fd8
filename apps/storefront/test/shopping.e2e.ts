import type { Page } from 'playwright-core';
import { saveScreenshot, SIZES, ttd } from '@shop/browser-testing';
import { fetchProducts, openProduct, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { adminToken, createProduct, deleteProduct } from './support/shop-admin';

const open = useBrowserPages();

const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname) + new URL(page.url()).search;

/** The cart link of the main navigation, whose name carries the badge count. */
const cartLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });

describe.each(SIZES)('storefront shopping (%s)', (viewport) => {
  it('browses and searches to a product from the nav search box', async () => {
    const products = await fetchProducts();
    const balm = products.find((p) => p.name === 'Mango Butter Lip Balm')!;
    const { page, errors } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/`);

    const nav = page.getByRole('navigation', { name: 'Main' });
    if (viewport === 'phone') await nav.getByRole('button', { name: 'Menu' }).click();
    const search = nav.getByPlaceholder('search here');
    await search.fill('lip balm');
    await search.press('Enter');

    await page.waitForURL(/\/products\/lip%20balm$/);
    await page.getByRole('heading', { level: 1, name: 'Explore Our Products' }).waitFor();
    expect(await page.getByRole('main').getByPlaceholder('Search here!').inputValue()).toBe('lip balm');
    await page.getByRole('heading', { level: 3, name: balm.name }).waitFor();
    if (viewport === 'phone') expect(await nav.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    await saveScreenshot(page, `storefront-search-${viewport}`);

    // The Go button does the same as Enter.
    if (viewport === 'phone') await nav.getByRole('button', { name: 'Menu' }).click();
    await search.fill('scrub');
    await nav.getByRole('button', { name: 'Go' }).click();
    await page.waitForURL(/\/products\/scrub$/);
    await page.getByRole('heading', { level: 3, name: 'Sorrel Sugar Body Scrub' }).waitFor();

    await page.getByRole('link', { name: 'Sorrel Sugar Body Scrub' }).click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name: 'Sorrel Sugar Body Scrub' }).waitFor();
    expect(await page.title()).toBe('Sorrel Sugar Body Scrub | Island Glow');
    const info = await page.getByRole('main').innerText();
    expect(info).toContain(ttd(75));
    expect(await page.getByRole('main').locator('del').innerText()).toContain(ttd(90));
    expect(info).toContain('In Stock');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    await saveScreenshot(page, `storefront-product-${viewport}`);

    // The image opens in a lightbox that zooms on click and closes with Escape.
    await page.getByRole('button', { name: 'Enlarge image of Sorrel Sugar Body Scrub' }).click();
    const lightbox = page.getByRole('dialog', { name: /Sorrel Sugar Body Scrub, image 1 of/ });
    await lightbox.waitFor();
    const zoom = lightbox.getByRole('button', { name: 'Zoom in' });
    await zoom.click();
    expect(await lightbox.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe('true');
    // Zoomed on the point clicked (the middle here), not on the top-left corner.
    const scroll = await lightbox
      .locator('.product-zoom')
      .evaluate((frame) => ({ left: frame.scrollLeft, maxLeft: frame.scrollWidth - frame.clientWidth }));
    expect(scroll.maxLeft).toBeGreaterThan(0);
    expect(Math.abs(scroll.left - scroll.maxLeft / 2)).toBeLessThanOrEqual(2);
    await page.screenshot({ path: `${__dirname}/../../../test-output/screenshots/storefront-product-lightbox-${viewport}.png` });
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });
    expect(await page.locator('body').innerText()).not.toMatch(/(?<!TT)\$/);
    expect(errors).toEqual([]);
  });

  it('shows a thumbnail for the main image and each sub image, and switches the main image', async () => {
    const products = await fetchProducts();
    const [first, second, third] = products;
    // A product of its own with two sub images: the page is rendered on the server, so the data must really be so.
    const token = await adminToken();
    const main = await createProduct(token, {
      name: `Gallery Test Serum ${viewport}`,
      price: 42,
      image: first.image,
      subimages: [second.image, third.image],
      countInStock: 3,
    });
    try {
      const { page, errors } = await open(viewport);
      await openProduct(page, main);
      const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
      expect(await thumbs.count()).toBe(3);
      const big = page.getByRole('button', { name: `Enlarge image of ${main.name}` }).getByRole('img');
      expect(await big.getAttribute('src')).toBe(first.image);
      await page.getByRole('button', { name: 'Show image 3 of 3' }).click();
      expect(await big.getAttribute('src')).toBe(third.image);
      expect(await page.getByRole('button', { name: 'Show image 3 of 3' }).getAttribute('aria-pressed')).toBe('true');
      await saveScreenshot(page, `storefront-product-thumbnails-${viewport}`);
      expect(errors).toEqual([]);
    } finally {
      await deleteProduct(token, main._id);
    }
  });

  it("shows the server's message for an unknown product", async () => {
    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/product/00000000-0000-4000-8000-000000000000`);
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Oops, an error occurred: \S/);
    await page.getByRole('link', { name: '← Back to products' }).waitFor();
    // Trying again cannot bring back a product that does not exist.
    expect(await page.getByRole('main').getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await saveScreenshot(page, `storefront-product-missing-${viewport}`);
  });

  it('pages and filters the products, keeping both in the URL for back and reload', async () => {
    const products = await fetchProducts();
    // Eight to a page; other test files of the run may have added products of their own.
    const onPage2 = Math.min(8, products.length - 8);
    const { page, errors } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/products`);
    const main = page.getByRole('main');
    const cards = main.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(8);
    await saveScreenshot(page, `storefront-products-${viewport}`);
    const pages = main.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/products\?page=2$/);
    await main.getByRole('link', { name: 'Page 2' }).and(main.locator('[aria-current="page"]')).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('main article').length === n, onPage2);
    await page.reload();
    await page.waitForFunction((n) => document.querySelectorAll('main article').length === n, onPage2);

    const lipBalms = products.filter((p) => p.type === 'Lip Balm');
    await main.getByLabel('Filter by type').selectOption('Lip Balm');
    await page.waitForURL(/\/products\?type=Lip\+Balm$/);
    await page.waitForFunction((n) => document.querySelectorAll('main article').length === n, lipBalms.length);
    for (const balm of lipBalms) await main.getByRole('heading', { level: 3, name: balm.name }).waitFor();
    expect(await main.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);

    await page.goBack();
    await page.waitForURL(/\/products\?page=2$/);
    await page.waitForFunction((n) => document.querySelectorAll('main article').length === n, onPage2);
    expect(await main.getByLabel('Filter by type').inputValue()).toBe('all');

    await main.getByPlaceholder('Search here!').fill('no such thing anywhere');
    await main.getByRole('button', { name: 'Search' }).click();
    await main.getByText('No products found for "no such thing anywhere".').waitFor();
    await saveScreenshot(page, `storefront-products-empty-${viewport}`);
    await main.getByRole('link', { name: 'Show all products' }).click();
    await page.waitForURL(/\/products$/);
    await main.getByText(`${products.length} products`, { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('writes a review and deletes it; other visitors get no delete button', async () => {
    const products = await fetchProducts();
    const product = products.find((p) => p.name === (viewport === 'phone' ? 'Moringa Scalp Oil' : 'Frangipani Shine Serum'))!;
    const { page, errors } = await open(viewport);
    await openProduct(page, product);

    await page.getByText('Write a Review').click();
    const rating = page.getByLabel('Rating');
    const options = await rating.locator('option').evaluateAll((els) => els.map((o) => [o.textContent, (o as HTMLOptionElement).value]));
    expect(options).toEqual([
      ['1', '0'],
      ['1.5', '1.5'],
      ['2', '2'],
      ['2.5', '2.5'],
      ['3', '3'],
      ['3.5', '3.5'],
      ['4', '4'],
      ['4.5', '4.5'],
      ['5', '5'],
    ]);
    // An empty review is refused by the server, whose message the panel shows; the form comes back to retry.
    await page.getByRole('button', { name: 'Submit' }).click();
    const refused = page.getByRole('main').getByRole('alert');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/^Oops, an error occurred: Name/);
    await page.getByRole('button', { name: 'Try again' }).click();

    const name = `Keisha ${viewport}`;
    await page.getByLabel('Name').fill(name);
    await rating.selectOption('4.5');
    await page.getByLabel('Comment').fill('Lovely shine, smells like the garden after rain.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByRole('heading', { name: 'Review Submitted' }).waitFor();
    await page.getByText('Thanks for submitting a review!').waitFor();
    const mine = page.getByRole('article', { name: `Review by ${name}` });
    await mine.waitFor();
    expect(await mine.getByRole('img', { name: 'Rated 4.5 out of 5' }).count()).toBe(1);
    await saveScreenshot(page, `storefront-review-${viewport}`);

    // Another shopper sees the review but cannot delete it.
    const other = await open(viewport);
    await other.page.goto(`${STOREFRONT_URL}/product/${product._id}`);
    const theirs = other.page.getByRole('article', { name: `Review by ${name}` });
    await theirs.waitFor();
    expect(await theirs.getByRole('button').count()).toBe(0);

    // The writer still owns it after a reload (the visitor id is kept in storage).
    await page.reload();
    await mine.getByRole('button', { name: 'Delete my review' }).click();
    await mine.waitFor({ state: 'detached' });
    const response = await fetch(`${STOREFRONT_URL}/api/products/${product._id}`);
    const after = (await response.json()) as { reviews: { name: string }[] };
    expect(after.reviews.some((r) => r.name === name)).toBe(false);
    // Only the refused empty review's 400 went wrong.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });

  it('adds to the cart, replaces a line, changes quantities, removes lines and keeps the cart across reloads', async () => {
    const products = await fetchProducts();
    const curl = products.find((p) => p.name === 'Coconut Curl Moisturizer')!;
    const balm = products.find((p) => p.name === 'Mango Butter Lip Balm')!;
    const soldOut = products.find((p) => p.countInStock === 0)!;
    const { page, errors } = await open(viewport);

    await page.goto(`${STOREFRONT_URL}/product/${soldOut._id}`);
    await page.getByText('Not In Stock.').waitFor();
    expect(await page.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);

    await openProduct(page, curl);
    // A stepper bounded by the stock: − is off at 1, + takes it up one.
    const qty = page.getByLabel('Quantity', { exact: true });
    expect(await qty.getAttribute('max')).toBe(String(curl.countInStock));
    expect(await page.getByRole('button', { name: 'One less' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'One more' }).click();
    expect(await qty.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    const main = page.getByRole('main');
    await main.getByText(`${ttd(curl.price)} x 2 = ${ttd(curl.price * 2)}`).waitFor();
    expect(await cartLink(page).innerText()).toMatch(/1/);

    // Adding the same product again replaces its line.
    await openProduct(page, curl);
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await main.getByText(`${ttd(curl.price)} x 3 = ${ttd(curl.price * 3)}`).waitFor();
    expect(await main.getByRole('listitem').filter({ hasText: curl.name }).count()).toBe(1);

    await openProduct(page, balm);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await main.getByText(`${ttd(balm.price)} x 1 = ${ttd(balm.price)}`).waitFor();
    expect(await cartLink(page).innerText()).toMatch(/2/);
    await main.getByText(ttd(curl.price * 3 + balm.price)).waitFor();

    await main.getByLabel(`Quantity of ${balm.name}`).selectOption('4');
    await main.getByText(`${ttd(balm.price)} x 4 = ${ttd(balm.price * 4)}`).waitFor();
    await main.getByText(ttd(curl.price * 3 + balm.price * 4)).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('cartItems'));
    expect(stored).toContain(balm._id);
    await saveScreenshot(page, `storefront-cart-${viewport}`);

    await page.reload();
    await main.getByText(`${ttd(balm.price)} x 4 = ${ttd(balm.price * 4)}`).waitFor();
    await main.getByRole('button', { name: `Remove ${curl.name}` }).click();
    expect(await main.getByText(curl.name).count()).toBe(0);
    expect(await cartLink(page).innerText()).toMatch(/1/);

    await main.getByRole('link', { name: `View Item ${balm.name}` }).click();
    await page.getByRole('heading', { level: 1, name: balm.name }).waitFor();
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('4');
    await page.goto(`${STOREFRONT_URL}/cart`);
    await main.getByRole('button', { name: `Remove ${balm.name}` }).click();
    await main.getByText('Your Cart is Empty').waitFor();
    expect(await cartLink(page).innerText()).not.toMatch(/\d/);
    await saveScreenshot(page, `storefront-cart-empty-${viewport}`);
    await main.getByRole('link', { name: 'Go to Products' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/products`);
    expect(pathOf(page)).toBe('/products');
    expect(errors).toEqual([]);
  });
});

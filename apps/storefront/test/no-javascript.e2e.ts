import type { ProductSummary } from '@shop/contracts';
import { saveScreenshot, SIZES } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';

/**
 * Every public control works as plain HTML first: with JavaScript turned off, a shopper browses, filters, pages,
 * searches, opens a product, steps its quantity and writes a review, each answered by the SSR server.
 */
describe.each(SIZES)('the storefront without JavaScript (%s)', (viewport) => {
  const open = useBrowserPages();
  let products: ProductSummary[];

  beforeAll(async () => {
    products = await fetchProducts();
  });

  it('browses, filters by type, pages and searches', async () => {
    const { page } = await open(viewport, { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/`);
    await page.getByRole('main').getByRole('link', { name: 'Shop Now' }).first().click();
    await page.waitForURL(/\/products\/?$/);
    const main = page.getByRole('main');
    expect(await main.getByRole('article').count()).toBe(8);

    // The filter is a form: choosing a type and sending it (its own button, shown only without scripts).
    const lipBalms = products.filter((p) => p.type === 'Lip Balm');
    await main.getByLabel('Filter by type').selectOption('Lip Balm');
    await main.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\/products\/?\?type=Lip\+Balm$/);
    expect(await main.getByRole('article').count()).toBe(lipBalms.length);
    expect(await main.getByLabel('Filter by type').inputValue()).toBe('Lip Balm');
    await saveScreenshot(page, `storefront-nojs-filter-${viewport}`);

    await page.goto(`${STOREFRONT_URL}/products`);
    await main.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/products?page=2`);
    expect(await main.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await main.getByRole('article').count()).toBe(Math.min(8, products.length - 8));

    await main.getByPlaceholder('Search here!').fill('lip');
    await main.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/products/lip`);
    await main.getByText(/products? for "lip"/).waitFor();
    expect(await main.getByRole('article').count()).toBeGreaterThan(0);

    // Nothing found: another search and a few products to go on with.
    await main.getByPlaceholder('Search here!').first().fill('no such thing anywhere');
    await main.getByRole('button', { name: 'Search' }).first().click();
    await main.getByText('No products found for "no such thing anywhere".').waitFor();
    expect(await main.getByRole('region', { name: 'Popular right now' }).getByRole('article').count()).toBeGreaterThan(0);
    await saveScreenshot(page, `storefront-nojs-no-results-${viewport}`);

    await page.goto(`${STOREFRONT_URL}/404`);
    await main.getByRole('heading', { name: 'Page Not Found.' }).waitFor();
    await main.getByRole('search', { name: 'Search the shop' }).getByRole('searchbox').fill('balm');
    await main.getByRole('search', { name: 'Search the shop' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/products/balm`);
  });

  it('opens a product, steps its quantity, asks on WhatsApp and writes a review that is there on the next load', async () => {
    const product = products.find((p) => p.name === (viewport === 'phone' ? 'Vanilla Shea Lip Butter' : 'Mango Butter Lip Balm'));
    if (!product) throw new Error('demo product missing');
    const { page } = await open(viewport, { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/products/${encodeURIComponent(product.name)}`);
    await page.getByRole('main').getByRole('link', { name: product.name }).first().click();
    await page.waitForURL(`${STOREFRONT_URL}/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    await page.getByRole('button', { name: 'One more' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/product/${product._id}?qty=2`);
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
    // In the server's HTML: no script draws it.
    expect(await page.getByRole('link', { name: 'Ask on WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);

    await page.getByText('Write a Review').click();
    const name = `Nadia nojs ${viewport}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Rating').selectOption('4');
    await page.getByLabel('Comment').fill('Works in the rain season too.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/product/${product._id}?review=sent#reviews`);
    await page.getByRole('heading', { name: 'Review Submitted' }).waitFor();
    await page.getByRole('article', { name: `Review by ${name}` }).waitFor();
    await saveScreenshot(page, `storefront-nojs-review-${viewport}`);

    await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
    await page.getByRole('article', { name: `Review by ${name}` }).waitFor();

    // A refused review comes back with the server's message, nothing written.
    await page.getByText('Write a Review').click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/product/${product._id}\\?review=error&message=`));
    await page.getByText(/an error occurred: Name/).waitFor();
  });
});

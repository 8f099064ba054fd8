import { saveScreenshot, scanAccessibility } from '@shop/browser-testing';
import { fetchProducts, openProduct, useBrowserPages } from './support/browser';

/**
 * A product page on a 360 x 740 phone: the price, the stock and Add to Cart are in the first screen, for every
 * product the shop sells (a long name or several pictures included).
 */
describe('a product page on a phone', () => {
  const open = useBrowserPages();

  it('shows price, stock and Add to Cart within the first 740 px of every product in stock', async () => {
    const products = (await fetchProducts()).filter((p) => p.countInStock > 0);
    expect(products.length).toBeGreaterThan(5);
    const { page, errors } = await open('phone');
    // Every product whose Add to Cart or stock line ends below the first screen, with where it ends.
    const below: string[] = [];
    for (const product of products) {
      await openProduct(page, product);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const add = await page.getByRole('button', { name: 'Add to Cart' }).boundingBox();
      const stock = await page.getByText('In Stock', { exact: true }).boundingBox();
      if (!add || !stock) throw new Error(`no Add to Cart on ${product.name}`);
      if (add.y + add.height > 740 || stock.y + stock.height > 740) below.push(`${product.name}: ${Math.round(add.y + add.height)} px`);
    }
    expect(below).toEqual([]);
    await saveScreenshot(page, 'storefront-product-first-screen-phone');
    expect(await scanAccessibility(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('draws the desktop page with the stepper beside the buttons', async () => {
    const product = (await fetchProducts()).find((p) => p.countInStock > 0);
    if (!product) throw new Error('nothing in stock');
    const { page } = await open('desktop');
    await openProduct(page, product);
    await saveScreenshot(page, 'storefront-product-first-screen-desktop');
    expect(await scanAccessibility(page)).toEqual([]);
  });
});

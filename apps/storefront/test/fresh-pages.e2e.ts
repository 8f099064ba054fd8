import { SIZES, ttd } from '@shop/browser-testing';
import { STOREFRONT_URL, useBrowserPages } from './support/browser';
import { adminToken, createProduct, deleteProduct, updateProduct } from './support/shop-admin';

/**
 * A shopper who saw a page before gets today's page on the next visit, with the service worker installed: a
 * review just written, the owner's new name and price, a product the owner deleted. (Pages were answered from a
 * kept copy while the browser asked again: the server's `stale-while-revalidate`.)
 */
describe.each(SIZES)('pages on a later visit (%s)', (viewport) => {
  const open = useBrowserPages();

  it('shows a review on the first reload after it was written, then the owner\'s rename, new price and deletion', async () => {
    const token = await adminToken();
    const name = `Fresh Page Aloe Gel ${viewport}`;
    const image = '/api/files/demo/mango-lip-balm.svg';
    const product = await createProduct(token, { name, price: 40, image, countInStock: 9 });
    let deleted = false;
    try {
      const { page } = await open(viewport, { serviceWorkers: 'allow' });
      await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
      await page.reload();
      await page.getByRole('heading', { level: 1, name }).waitFor();

      // A review written in the app, then a plain reload.
      await page.getByText('Write a Review').click();
      const reviewer = `Fresh ${viewport}`;
      await page.getByLabel('Name').fill(reviewer);
      await page.getByLabel('Comment').fill('Cool on the skin after the beach.');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('heading', { name: 'Review Submitted' }).waitFor();
      await page.reload();
      await page.getByRole('article', { name: `Review by ${reviewer}` }).waitFor();
      expect(await page.getByText('No reviews yet').count()).toBe(0);
      await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
      await page.getByRole('article', { name: `Review by ${reviewer}` }).waitFor();

      // The owner renames it and raises the price: the next load says so.
      const renamed = `${name} Deluxe`;
      await updateProduct(token, product._id, { name: renamed, price: 55, image, countInStock: 9 });
      // A later visit: the page opened again (a link, the address typed), not a reload.
      await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
      expect(await page.getByRole('main').innerText()).toContain(ttd(55));

      // The owner deletes it: no longer "In Stock".
      await deleteProduct(token, product._id);
      deleted = true;
      const gone = await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
      expect(gone?.status()).toBe(404);
      expect(await page.getByText('In Stock', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1, name: renamed }).count()).toBe(0);
    } finally {
      if (!deleted) await deleteProduct(token, product._id);
    }
  });
});

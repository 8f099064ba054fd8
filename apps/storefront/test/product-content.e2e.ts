import { saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import { fetchProducts, openProduct, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { adminToken, createProduct, deleteProduct } from './support/shop-admin';

/**
 * Product content (issue 25): ingredients, how to use, size and what it suits are fields of a product, shown in
 * sections and found by the search; a star summary by the title; "You may also like" (same type, in stock); up to
 * five pictures.
 */
describe.each(SIZES)('product content (%s)', (viewport) => {
  const open = useBrowserPages();

  it('shows the details, the star summary, the delivery line and other products of the same type', async () => {
    const products = await fetchProducts();
    const curl = products.find((p) => p.name === 'Coconut Curl Moisturizer')!;
    const { page, errors } = await open(viewport);
    await openProduct(page, curl);
    const main = page.getByRole('main');
    await main.getByRole('region', { name: 'Ingredients' }).getByText(/virgin coconut oil, shea butter/).waitFor();
    await main.getByRole('region', { name: 'How to use' }).getByText(/walnut-sized amount/).waitFor();
    expect(await main.getByRole('definition').allInnerTexts()).toEqual(['250 ml jar', 'Thick curls and coils (3B to 4C), dry hair']);
    await main.getByRole('link', { name: /No reviews yet|from \d+ reviews?/ }).first().waitFor();
    expect(await main.innerText()).toMatch(/Delivered island-wide from TT\$\d+\.\d\d · pay by card or in person/);

    const liked = main.getByRole('region', { name: 'You may also like' });
    const expected = products.filter((p) => p.type === curl.type && p._id !== curl._id && p.countInStock > 0);
    expect(expected.length).toBeGreaterThan(0);
    await liked.getByRole('article').first().waitFor();
    const names = await liked.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names.sort()).toEqual(expected.map((p) => p.name).slice(0, 4).sort());
    await saveScreenshot(page, `storefront-product-content-${viewport}`);
    expect(await scanAccessibility(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('finds a product by a word only its ingredients hold', async () => {
    const { page } = await open(viewport);
    await page.goto(`${STOREFRONT_URL}/products/jojoba`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 3, name: 'Moringa Scalp Oil' }).waitFor();
    expect(await main.getByRole('article').count()).toBe(1);
  });
});

describe('product pictures', () => {
  it('takes a main picture and four more, and refuses a sixth', async () => {
    const token = await adminToken();
    const image = '/api/files/demo/mango-lip-balm.svg';
    const five = await createProduct(token, { name: 'Five Pictures Balm', price: 20, image, countInStock: 3, subimages: [image, image, image, image] });
    try {
      const product = (await (await fetch(`${STOREFRONT_URL}/api/products/${five._id}`)).json()) as { subimages: string[] };
      expect(product.subimages).toHaveLength(4);
      await expect(createProduct(token, { name: 'Six Pictures Balm', price: 20, image, countInStock: 3, subimages: [image, image, image, image, image] })).rejects.toThrow(
        /answered 400: \{"message":"At most 5 pictures: the main one and 4 more"\}/,
      );
    } finally {
      await deleteProduct(token, five._id);
    }
  });
});

import { saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { CHAGUANAS_SHOPPER } from './support/checkout';

/**
 * The delivery area at checkout: every area's choice shown whole on a phone with the towns it serves, a city that
 * lies in another area flagged, errors said plainly under the fields, and the form's toast gone once the fields
 * are fixed.
 */
describe.each(SIZES)('checkout delivery areas (%s)', (viewport) => {
  const open = useBrowserPages();

  it('shows each area whole with its towns and flags a town outside the chosen area', async () => {
    const product = (await fetchProducts()).find((p) => p.countInStock > 0);
    if (!product) throw new Error('nothing in stock');
    const { page, errors } = await open(viewport);
    // The product page's plain form: /checkout?add={id}&qty=1 puts it in the cart.
    await page.goto(`${STOREFRONT_URL}/checkout?add=${product._id}&qty=1`);
    await page.waitForURL(`${STOREFRONT_URL}/checkout`);
    await page.getByRole('table', { name: 'Your order' }).waitFor();

    const south = page.getByRole('radio', { name: /^South Trinidad\b/ });
    const choice = south.locator('xpath=ancestor::label[1]');
    const text = await choice.innerText();
    expect(text).toContain('2-3 working days');
    expect(text).toContain('San Fernando');
    const box = await choice.boundingBox();
    const width = viewport === 'phone' ? 360 : 1280;
    expect(box && box.x + box.width <= width).toBe(true);
    expect(await choice.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await south.check();

    // Sent empty: the spec's toast, and under each field what to do, in plain words.
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    const formToast = page.locator('.toaster__toast', { hasText: 'Please ensure the highlighted fields are valid' });
    await formToast.waitFor();
    await page.getByText('Please enter your phone number.').waitFor();
    await saveScreenshot(page, `storefront-checkout-areas-errors-${viewport}`);

    for (const [label, value] of CHAGUANAS_SHOPPER) {
      const field = page.getByLabel(label, { exact: true });
      await field.fill(value);
      await field.blur();
    }
    // Every field fixed: nothing is highlighted and the form's complaint has gone with it.
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await formToast.count()).toBe(0);

    const flag = page.getByRole('status').filter({ hasText: 'Chaguanas is in Central Trinidad, not South Trinidad. Please check the delivery area above.' });
    await flag.waitFor();
    await saveScreenshot(page, `storefront-checkout-areas-${viewport}`);
    expect(await scanAccessibility(page)).toEqual([]);

    await page.getByRole('radio', { name: /^Central Trinidad\b/ }).check();
    await flag.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { saveScreenshot, SIZES } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { addToCart, fillCheckoutForm, SHOPPER_DETAILS } from './support/checkout';
import { adminToken, cancelOrder } from './support/shop-admin';
import { SHOP_TIME_ZONE } from '@shop/contracts';

const open = useBrowserPages();

const shopTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

async function steps(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'What happened' }).getByRole('listitem').allInnerTexts();
}

describe.each(SIZES)("the tracking page's timeline (%s)", (viewport) => {
  it('shows what happened to the order, with Trinidad times, and a cancel by the shop', async () => {
    // Any product on sale: an earlier file of this worker may have sold the first one out or made it new.
    const product = (await fetchProducts()).find((p) => p.countInStock > 0);
    if (!product) throw new Error('No product in stock');
    const { page, errors } = await open(viewport);
    await addToCart(page, product, 1);
    await page.goto(`${STOREFRONT_URL}/checkout`);
    await fillCheckoutForm(page, SHOPPER_DETAILS);
    await page.getByRole('button', { name: 'Pay In Person' }).click();
    await page.waitForURL(/\/checkoutInPerson\//);
    const orderId = /\/checkoutInPerson\/([^/?]+)/.exec(page.url())?.[1] ?? '';
    await page.getByRole('main').getByRole('link', { name: 'Track this order' }).click();

    const timeline = page.getByRole('list', { name: 'What happened' });
    await timeline.waitFor();
    expect(await steps(page)).toEqual([expect.stringMatching(/^Order placed, to pay in person\n.* · by you$/)]);
    const time = timeline.locator('time').first();
    expect(await time.innerText()).toBe(shopTime.format(new Date((await time.getAttribute('datetime')) ?? '')));
    await saveScreenshot(page, `storefront-tracking-timeline-${viewport}`);

    // The owner cancels it: the page says so and the timeline names the shop.
    await cancelOrder(await adminToken(), orderId);
    await page.reload();
    await timeline.getByText('Cancelled', { exact: true }).waitFor();
    expect((await steps(page)).at(-1)).toMatch(/^Cancelled\n.* · by the shop$/);
    expect(await page.locator('xpath=//dt[normalize-space()="Order Status"]/following-sibling::dd[1]').innerText()).toBe('Cancelled');
    await saveScreenshot(page, `storefront-tracking-cancelled-${viewport}`);
    expect(errors).toEqual([]);
  });
});

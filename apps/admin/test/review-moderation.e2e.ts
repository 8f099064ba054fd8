import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, STOREFRONT_URL, useAdminPages } from './support/admin-browser';
import { createProduct, deleteProduct, visitorId } from './support/shop-api';

const RUN = Date.now().toString(36);

const made: string[] = [];

const admin = useAdminPages();

afterAll(async () => {
  // Other test files write reviews and expect them on the shop at once.
  await setHold(false);
  for (const id of made) await deleteProduct(admin.login.token, id).catch(() => undefined);
});

async function setHold(on: boolean): Promise<void> {
  const res = await fetch(`${GATEWAY_URL}/api/reviews/settings`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.login.token}` },
    body: JSON.stringify({ holdForApproval: on }),
  });
  expect(res.status).toBe(200);
}

async function writeReview(productId: string, review: { name: string; rating: number; comment: string }): Promise<void> {
  const res = await fetch(`${GATEWAY_URL}/api/products/review/${productId}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Visitor-Id': visitorId() },
    body: JSON.stringify(review),
  });
  expect(res.status).toBe(200);
}

/** The product page as the shop serves it: the reviews shown, the average line, and the JSON-LD's rating. */
async function shopPage(page: Page, id: string) {
  await page.goto(`${STOREFRONT_URL}/product/${id}`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Reviews' }).waitFor();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
    aggregateRating?: { ratingValue: number; reviewCount: number };
  };
  const reviews = page.locator('#reviews');
  return { main, ld, reviews };
}

/** Issue 26: the owner moderates reviews; a hidden review is gone from the product page, its average and its JSON-LD. */
describe.each(SIZES)('review moderation (%s)', (size) => {
  it('hides a review: it leaves the product page, the average and the JSON-LD; restore brings it back', async () => {
    const product = await createProduct(admin.login.token, `E2E Review Cocoa Butter ${size} ${RUN}`, 5);
    made.push(product._id);
    await writeReview(product._id, { name: 'Keisha', rating: 5, comment: 'Soft hands all day.' });
    await writeReview(product._id, { name: 'Spam Bot', rating: 0, comment: `Cheap watches at spam.example ${size}` });

    const shopper = await admin.open(size, false);
    let shop = await shopPage(shopper.page, product._id);
    await shop.reviews.getByText(`Cheap watches at spam.example ${size}`).waitFor();
    await shop.main.getByText('2.5 from 2 reviews').first().waitFor();
    expect(shop.ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 2.5, reviewCount: 2 });

    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/`);
    // Reviews is in the sidebar (on a phone, behind the menu button).
    if (size === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();

    // Filter to the product: a GET form, so the filter is in the address.
    const filter = page.getByRole('search', { name: 'Filter reviews' });
    await filter.getByLabel('Product').selectOption({ label: product.name });
    await filter.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/reviews?rating=&product=${product._id}&status=`);
    const main = page.getByRole('main');
    await main.getByText('2 reviews', { exact: true }).waitFor();
    const spam = main.getByRole('listitem').filter({ hasText: 'Spam Bot' });
    const kind = main.getByRole('listitem').filter({ hasText: 'Keisha' });
    await spam.getByText('On the shop', { exact: true }).waitFor();
    await spam.getByText('Not a verified buyer').waitFor();
    await spam.getByText('1 of 5').waitFor();
    await kind.getByText('5 of 5').waitFor();
    await expectNoSidewaysScroll(page);
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-reviews-${size}`);

    await spam.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('Review hidden: it is no longer on the shop').waitFor();
    await spam.getByText('Hidden', { exact: true }).waitFor();
    await spam.getByRole('button', { name: 'Restore' }).waitFor();
    await saveScreenshot(page, `admin-reviews-hidden-${size}`);

    shop = await shopPage(shopper.page, product._id);
    await shop.main.getByText('5.0 from 1 review').first().waitFor();
    expect(await shop.reviews.getByText(`Cheap watches at spam.example ${size}`).count()).toBe(0);
    await shop.reviews.getByText('Soft hands all day.').waitFor();
    expect(shop.ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 });

    // Restore, then delete for good (the browser asks first).
    await spam.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Review published: it is on the shop').waitFor();
    await spam.getByText('On the shop', { exact: true }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await spam.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Review deleted').waitFor();
    await spam.waitFor({ state: 'detached' });
    await main.getByText('1 review', { exact: true }).waitFor();
    expect(shopper.errors).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('holding reviews for approval', () => {
  it("tells the shopper the review waits, and the owner's approval puts it on the product page", async () => {
    const product = await createProduct(admin.login.token, `E2E Review Hold Shea ${RUN}`, 5);
    made.push(product._id);
    const { page, errors } = await admin.open('desktop');
    await page.goto(`${ADMIN_URL}/admin/reviews`);
    const setting = page.getByRole('form', { name: 'Review approval' });
    await setting.getByLabel('Hold new reviews for approval').check();
    await setting.getByRole('button', { name: 'Save' }).click();
    await page.getByText('New reviews now wait for your approval').waitFor();

    try {
      const shopper = await admin.open('phone', false);
      await shopper.page.goto(`${STOREFRONT_URL}/product/${product._id}`);
      const reviews = shopper.page.locator('#reviews');
      await reviews.getByText('Write a Review').click();
      await reviews.getByLabel('Name').fill('Renee');
      await reviews.getByLabel('Comment').fill('Smells like a Tobago beach.');
      await reviews.getByRole('button', { name: 'Submit' }).click();
      await reviews.getByText('Thanks! Your review will appear once the shop has checked it.').waitFor();
      expect(await reviews.getByText('Smells like a Tobago beach.').count()).toBe(0);
      expect(await scanAccessibility(shopper.page)).toEqual([]);
      await saveScreenshot(shopper.page, 'storefront-review-held-phone');

      await page.goto(`${ADMIN_URL}/admin/reviews?status=pending&product=${product._id}`);
      const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Renee' });
      await card.getByText('Waiting for approval', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Review published: it is on the shop').waitFor();

      const shop = await shopPage(shopper.page, product._id);
      await shop.reviews.getByText('Smells like a Tobago beach.').waitFor();
      expect(shop.ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 });
      expect(shopper.errors).toEqual([]);
    } finally {
      await page.goto(`${ADMIN_URL}/admin/reviews`);
      await setting.getByLabel('Hold new reviews for approval').uncheck();
      await setting.getByRole('button', { name: 'Save' }).click();
      await page.getByText('New reviews now appear on the shop at once').waitFor();
    }
    const after = (await (await fetch(`${GATEWAY_URL}/api/reviews/settings`, { headers: { Authorization: `Bearer ${admin.login.token}` } })).json()) as { holdForApproval: boolean };
    expect(after.holdForApproval).toBe(false);
    expect(errors).toEqual([]);
  });
});

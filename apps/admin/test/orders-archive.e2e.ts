import type { Order, OrderStats, Product } from '@shop/contracts';
import { saveScreenshot, scanAccessibility, shopper, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createProduct, discardOrder, getOrder, letterTag, placeOrder, updateStatusOverApi } from './support/orders';

const admin = useAdminPages();

/**
 * Issue 26: archive in place of delete. An archived order leaves the owner's lists (every tab, the search) and is
 * found under "Archived orders", where it can be restored; the reports count it all along.
 */
const TAG = letterTag();

const placed: string[] = [];

afterAll(async () => {
  for (const id of placed) await discardOrder(admin.login, id);
});

async function stats(): Promise<OrderStats> {
  const response = await fetch(`${GATEWAY_URL}/api/orders/stats`, { headers: { Authorization: `Bearer ${admin.login.token}` } });
  return (await response.json()) as OrderStats;
}

/** The orders listed: a table's rows on a desktop, cards on a phone. */
const entries = (page: Page) =>
  page.viewportSize()!.width >= 1024 ? page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('rowheader') }) : page.getByRole('article');

async function searchAll(page: Page, text: string, archived = false): Promise<void> {
  await page.goto(`${ADMIN_URL}/admin/orders/?tab=all&q=${encodeURIComponent(text)}${archived ? '&status=archived' : ''}`);
  await page.getByRole('status').filter({ hasText: /orders?( in the archive)?$/ }).waitFor();
}

describe.each(SIZES)('archiving an order (%s)', (size) => {
  it('archives a delivered order from its page: it leaves the lists, stays in the reports, and comes back when restored', async () => {
    const product: Product = await createProduct(admin.login, `Archive Test Oil ${TAG} ${size}`, 40);
    const who = shopper('Ariana', `Archive${TAG}${size === 'phone' ? 'Phone' : 'Desk'}`);
    const order: Order = await placeOrder(who, [{ product: product._id, qty: 30 }], true);
    placed.push(order._id);
    expect(await updateStatusOverApi(admin.login, order._id, 'Delivered')).toBe(200);
    const before = await stats();
    const sold = before.bestSellers.find((b) => b.product === product._id);
    expect(sold).toMatchObject({ qty: 30, revenue: 1200 });

    const o = await admin.open(size);
    const { page } = o;
    await searchAll(page, who.lname);
    expect(await entries(page).count()).toBe(1);

    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    await page.getByRole('heading', { level: 1, name: "Ariana's Order" }).waitFor();
    // No bin: a paid order is archived, not deleted.
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Archive Order' }).click();
    await page.getByText('Order Archived', { exact: true }).first().waitFor();
    const archived = page.getByRole('region', { name: 'Archived' });
    await archived.getByRole('button', { name: 'Restore to the lists' }).waitFor();
    expect(await archived.innerText()).toContain('still counts in the reports');
    expect((await getOrder(admin.login, order._id)).archivedAt).toEqual(expect.any(String));
    await saveScreenshot(page, `admin-order-archived-${size}`);
    expect(await scanAccessibility(page)).toEqual([]);

    // Gone from the lists: the search in All, and the Delivered tab.
    await searchAll(page, who.lname);
    await page.getByText(`No orders match “${who.lname}” in All.`).waitFor();
    await page.goto(`${ADMIN_URL}/admin/orders/?tab=delivered&q=${encodeURIComponent(who.lname)}`);
    await page.getByText(`No orders match “${who.lname}” in Delivered.`).waitFor();
    // Under "Archived orders", reached from the list.
    await page.getByRole('link', { name: 'Archived orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Archived orders' }).waitFor();
    await page.getByRole('navigation', { name: 'Order tabs' }).getByRole('link', { name: 'All', exact: true }).click();
    await entries(page).filter({ hasText: order.orderNumber }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('archived');
    await saveScreenshot(page, `admin-orders-archive-${size}`);
    expect(await scanAccessibility(page)).toEqual([]);

    // In the reports as before: the same figures, and the dashboard's best sellers name the product.
    expect(await stats()).toEqual(before);
    await page.goto(`${ADMIN_URL}/admin/`);
    await page.getByRole('figure', { name: 'Best sellers' }).getByRole('link', { name: product.name }).waitFor();

    // Restored from the archive, it is listed again.
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    await page.getByRole('button', { name: 'Restore to the lists' }).click();
    await page.getByText('Order Restored', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Archive Order' }).waitFor();
    await searchAll(page, who.lname);
    await entries(page).filter({ hasText: order.orderNumber }).waitFor();
    expect(o.errors).toEqual([]);
  });
});

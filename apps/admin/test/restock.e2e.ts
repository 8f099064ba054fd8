import type { StockMovement } from '@shop/contracts';
import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createProduct, deleteProduct, getRestock } from './support/shop-api';

const RUN = Date.now().toString(36);

const made: string[] = [];

const admin = useAdminPages();

afterAll(async () => {
  for (const id of made) await deleteProduct(admin.login.token, id).catch(() => undefined);
});

async function movementsOf(id: string): Promise<StockMovement[]> {
  const response = await fetch(`${GATEWAY_URL}/api/products/${id}/stock-movements`, { headers: { Authorization: `Bearer ${admin.login.token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as StockMovement[];
}

/** Issue 26: Restock in the sidebar, the low-stock items listed with those at 0, and "+N" in place, kept in the inventory history. */
describe.each(SIZES)('restock (%s)', (size) => {
  it('restock +10, shown in the inventory history', async () => {
    const out = await createProduct(admin.login.token, `E2E Restock Shea Butter ${size} ${RUN}`, 0);
    const low = await createProduct(admin.login.token, `E2E Restock Coconut Oil ${size} ${RUN}`, 2);
    made.push(out._id, low._id);
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/`);

    // Restock is in the sidebar (on a phone, behind the menu button).
    if (size === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Restock' }).click();
    await page.getByRole('heading', { level: 1, name: 'Items In Need of Restocking' }).waitFor();
    const main = page.getByRole('main');

    // Both the product at 0 and the one at 2 (threshold 3) are listed, each with what it is.
    const outCard = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: out.name }) });
    const lowCard = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: low.name }) });
    await outCard.getByText('Out of stock', { exact: true }).waitFor();
    await lowCard.getByText('Running low', { exact: true }).waitFor();
    expect(await main.getByRole('listitem').count()).toBe((await getRestock(admin.login.token, true)).length);
    await expectNoSidewaysScroll(page);
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-restock-low-${size}`);

    // +10 with a reason, sent with Enter as any form: the product has 10 then, above the threshold, and leaves the list.
    const form = page.getByRole('form', { name: `Add stock to ${out.name}` });
    await form.getByLabel('Reason (optional)').fill(`Delivery from the supplier (${size})`);
    await form.getByLabel('Quantity').fill('10');
    await form.getByLabel('Quantity').press('Enter');
    await page.getByText(`Added 10 to ${out.name}: 10 in stock now`).waitFor();
    await outCard.waitFor({ state: 'detached' });
    await lowCard.waitFor();

    // The server recorded who, how many, why and when.
    const [movement] = await movementsOf(out._id);
    expect(movement).toMatchObject({ kind: 'restock', change: 10, countAfter: 10, reason: `Delivery from the supplier (${size})`, actor: admin.login.username });

    // The product's edit page shows it in the inventory history.
    await lowCard.getByRole('link', { name: `Inventory history of ${low.name}` }).waitFor();
    await page.goto(`${ADMIN_URL}/admin/products/${out._id}#inventory-history`);
    const history = page.getByRole('region', { name: 'Inventory history' });
    const row = history.getByRole('row').filter({ hasText: `Delivery from the supplier (${size})` });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([expect.any(String), '+10', '10', `Delivery from the supplier (${size})`, admin.login.username]);
    await expectNoSidewaysScroll(page);
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-product-inventory-history-${size}`);
    expect(errors).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type ProductSummary, shopToday, type StockMovement } from '@shop/contracts';
import { pdfText } from '@shop/pdf-testing';
import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createProduct, deleteProduct, placeInPersonOrder } from './support/shop-api';

const RUN = Date.now().toString(36);

const made: string[] = [];

const admin = useAdminPages();

afterAll(async () => {
  for (const id of made) await deleteProduct(admin.login.token, id).catch(() => undefined);
});

async function expectClean(page: Page): Promise<void> {
  await expectNoSidewaysScroll(page);
  expect(await scanAccessibility(page)).toEqual([]);
}

const adminGet = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${GATEWAY_URL}${path}`, { headers: { Authorization: `Bearer ${admin.login.token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
const productOf = (id: string) => adminGet<ProductSummary>(`/api/products/${id}`);

/** Issue 26: products in bulk from a CSV file, with a dry run before anything is written. */
describe.each(SIZES)('products CSV import (%s)', (size) => {
  it('a dry run that lists one refused row writes nothing; then an import that writes', async () => {
    const balm = await createProduct(admin.login.token, `E2E Import Balm ${size} ${RUN}`, 4);
    made.push(balm._id);
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/products/`);
    await page.getByRole('link', { name: 'Import or export (CSV)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import and export products' }).waitFor();
    await expectClean(page);
    await saveScreenshot(page, `admin-product-import-${size}`);

    // The export downloads every product, this one included.
    const exporting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export products (CSV)' }).click();
    const exported = await exporting;
    expect(exported.suggestedFilename()).toBe('products.csv');
    expect(await readFile(await exported.path(), 'utf8')).toContain(`${balm._id},${balm.name},E2E,42.50,0.00,4`);

    // A file with one good row and one for a product that does not exist: the dry run names line 3, and writes nothing.
    const ghost = randomUUID();
    const file = page.getByLabel('CSV file');
    await file.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`id,price,stock\n${balm._id},39.99,12\n${ghost},10.00,1\n`) });
    await page.getByRole('button', { name: 'Check file (dry run)' }).click();
    const report = page.getByRole('region', { name: 'Dry run' });
    await report.getByText('1 row is refused, so nothing will be written. Correct the file and check it again.').waitFor();
    await report.getByText(`Unknown product: no product has the id "${ghost}"`).waitFor();
    expect(await report.getByRole('listitem').allTextContents()).toEqual([`Line 3: Unknown product: no product has the id "${ghost}"`]);
    expect(await report.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['2', balm.name, 'Price: TT$42.50 → TT$39.99']);
    expect(await page.getByRole('button', { name: 'Import 2 changes' }).isDisabled()).toBe(true);
    expect(await productOf(balm._id)).toMatchObject({ price: 42.5, countInStock: 4 });
    await expectClean(page);
    await saveScreenshot(page, `admin-product-import-refused-${size}`);

    // The corrected file: its dry run is clean, and the import writes both changes.
    await file.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`id,price,stock\n${balm._id},39.99,12\n`) });
    await page.getByRole('button', { name: 'Check file (dry run)' }).click();
    await report.getByText('Ready to import 2 changes. Nothing has been written yet.').waitFor();
    expect(await productOf(balm._id)).toMatchObject({ price: 42.5, countInStock: 4 });
    await page.getByRole('button', { name: 'Import 2 changes' }).click();
    const done = page.getByRole('region', { name: 'Import done' });
    await done.getByText('Imported: 2 changes written.').waitFor();
    expect(await productOf(balm._id)).toMatchObject({ price: 39.99, countInStock: 12 });
    const [movement] = await adminGet<StockMovement[]>(`/api/products/${balm._id}/stock-movements`);
    expect(movement).toMatchObject({ kind: 'import', change: 8, countAfter: 12, reason: 'CSV import', actor: admin.login.username });
    await expectClean(page);
    await saveScreenshot(page, `admin-product-import-done-${size}`);
    expect(errors).toEqual([]);
  });
});

/** Issue 26: the packing slip on the order detail, and the run sheet and orders export on the orders screen. */
describe.each(SIZES)("owner's documents (%s)", (size) => {
  it('downloads a packing slip, the day\'s run sheet and the orders export', async () => {
    const curl = await createProduct(admin.login.token, `E2E Packing Curl Cream ${size} ${RUN}`, 10);
    made.push(curl._id);
    const order = await placeInPersonOrder([{ product: curl._id, qty: 3 }], `documents.${size}.${RUN}@shopper.test`);
    const { page, errors } = await admin.open(size);

    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    await page.getByRole('heading', { level: 1, name: "Anya's Order" }).waitFor();
    const slipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Packing slip', exact: true }).click();
    const slip = await slipDownload;
    expect(slip.suggestedFilename()).toBe(`packing-slip-${order.orderNumber}.pdf`);
    const slipText = await pdfText(await readFile(await slip.path()));
    expect(slipText).toContain(`Packing slip ${order.orderNumber}`);
    expect(slipText).toContain('Anya Ramdial');
    expect(slipText).toContain(`3 ${curl.name}`);
    await expectClean(page);
    await saveScreenshot(page, `admin-order-packing-slip-${size}`);

    await page.goto(`${ADMIN_URL}/admin/orders/`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('Run sheet and export').click();
    const sheetDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Run sheet', exact: true }).click();
    const sheet = await sheetDownload;
    expect(sheet.suggestedFilename()).toMatch(/^run-sheet-\d{4}-\d{2}-\d{2}\.pdf$/);
    const sheetText = await pdfText(await readFile(await sheet.path()));
    expect(sheetText).toContain('Delivery run sheet:');
    expect(sheetText).toContain(`${order.orderNumber} Anya Ramdial Collect`);

    // A range that runs backwards is refused in words, before anything is asked.
    await page.getByLabel('From', { exact: true }).fill('2026-02-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByRole('alert').filter({ hasText: 'The start date must be on or before the end date' }).waitFor();
    await expectClean(page);
    await saveScreenshot(page, `admin-orders-documents-${size}`);

    const today = shopToday();
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
    expect(await readFile(await csv.path(), 'utf8')).toContain(`${order.orderNumber},${today},Anya Ramdial,`);
    expect(errors).toEqual([]);
  });
});

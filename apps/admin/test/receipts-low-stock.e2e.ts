import { readFile } from 'node:fs/promises';
import type { LowStockList, Order } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { pdfText } from '@shop/pdf-testing';
import { saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createProduct, deleteProduct, placeInPersonOrder } from './support/shop-api';
import { makePng, serveOutsideImages } from './support/test-images';

const RUN = Date.now().toString(36);

const admin = useAdminPages({ prepare: (context) => serveOutsideImages(context, png) });

let png: Buffer;
let low: { _id: string; name: string };
let stocked: { _id: string; name: string };
let order: Order;

beforeAll(async () => {
  png = await makePng();
  low = await createProduct(admin.login.token, `E2E Low Cocoa Balm ${RUN}`, 1);
  stocked = await createProduct(admin.login.token, `E2E Stocked Aloe Gel ${RUN}`, 30);
  // Phone (868)555-0177, first name Anya (the support's shopper).
  order = await placeInPersonOrder([{ product: stocked._id, qty: 2 }], 'receipt.admin@example.tt');
});

afterAll(async () => {
  await deleteProduct(admin.login.token, low._id).catch(() => undefined);
  await deleteProduct(admin.login.token, stocked._id).catch(() => undefined);
});

async function expectClean(page: Page, screen: string): Promise<void> {
  const findings = await scanAccessibility(page);
  expect([screen, findings]).toEqual([screen, []]);
}

describe('receipts, low stock and WhatsApp in the admin', () => {
  it.each(SIZES)('the dashboard lists a low-stock product beside the out-of-stock ones (%s)', async (size) => {
    const list = (await (await fetch(`${GATEWAY_URL}/api/products/low-stock`, { headers: { Authorization: `Bearer ${admin.login.token}` } })).json()) as LowStockList;
    expect(list.threshold).toBeGreaterThanOrEqual(1);
    expect(list.products.some((p) => p._id === low._id)).toBe(true);
    expect(list.products.some((p) => p._id === stocked._id)).toBe(false);

    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/`);
    await page.getByRole('heading', { level: 1, name: 'Shop admin' }).waitFor();
    const section = page.getByRole('main').getByRole('region', { name: 'Low on Stock' });
    const link = section.getByRole('link', { name: low.name });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/admin/products/${low._id}`);
    expect(await section.getByRole('listitem').filter({ has: page.getByRole('link', { name: low.name }) }).innerText()).toContain('In stock: 1');
    expect(await section.getByRole('link', { name: stocked.name }).count()).toBe(0);
    await section.getByText(`1 to ${list.threshold} left`).waitFor();
    await page.getByRole('main').getByRole('region', { name: 'Items In Need of Restocking' }).waitFor();
    if (size === 'desktop') {
      // Side by side on a wide screen.
      const [a, b] = await Promise.all(['Items In Need of Restocking', 'Low on Stock'].map((name) => page.getByRole('region', { name }).boundingBox()));
      expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
    }
    await expectClean(page, `dashboard ${size}`);
    await saveScreenshot(page, `admin-dashboard-low-stock-${size}`);
    expect(errors).toEqual([]);
  });

  it.each(SIZES)("the order detail offers the receipt and 'Message on WhatsApp' to the customer's phone (%s)", async (size) => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    await page.getByRole('heading', { level: 1, name: "Anya's Order" }).waitFor();
    const section = page.getByRole('region', { name: 'Receipt and WhatsApp' });
    const chat = section.getByRole('link', { name: 'Message on WhatsApp (+1 868 555 0177)' });
    await chat.waitFor();
    const href = new URL((await chat.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/18685550177');
    expect(href.searchParams.get('text')).toBe(`Hi Anya, this is Island Glow about your order ${order.orderNumber} (2 × ${stocked.name}; total ${formatTTD(order.totalPrice)}).`);
    await expectClean(page, `order detail ${size}`);
    await saveScreenshot(page, `admin-order-receipt-whatsapp-${size}`);

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download receipt (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`receipt-${order.orderNumber}.pdf`);
    const text = await pdfText(await readFile(await download.path()));
    expect(text).toContain(`Order number: ${order.orderNumber}`);
    expect(text).toContain(`${stocked.name} 2 ${formatTTD(42.5)} ${formatTTD(85)}`);
    expect(text).toContain(`Total ${formatTTD(order.totalPrice)}`);
    expect(text).toContain(`Payment: To pay on delivery in cash: ${formatTTD(order.totalPrice)}`);
    expect(errors).toEqual([]);
  });

  it.each(SIZES)('Site Settings has the VAT registration number and the low-stock threshold (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/controls`);
    // Each section of Site Settings is a form of its own, with its own Save (issue 26).
    const section = page.getByRole('form', { name: 'Receipts and Stock Alerts' });
    await section.waitFor();
    const threshold = section.getByLabel('Low-stock alert at');
    await threshold.waitFor();
    expect(await threshold.inputValue()).toMatch(/^\d+$/);
    // A wrong threshold is refused on the form, with the rules' message, and nothing is sent.
    await threshold.fill('2.5');
    await section.getByRole('button', { name: 'Save Receipts and Stock Alerts' }).click();
    await page.getByText('Low-stock threshold must be a whole number').waitFor();
    expect(await threshold.getAttribute('aria-invalid')).toBe('true');
    await expectClean(page, `settings ${size}`);
    await saveScreenshot(page, `admin-settings-receipts-stock-${size}`);
    expect(errors).toEqual([]);
  });
});

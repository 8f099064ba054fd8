import { readFile } from 'node:fs/promises';
import { pdfText } from '@shop/pdf-testing';
import type { Page } from 'playwright-core';
import { answerOnSandbox, placeOrderAs, saveScreenshot, scanAccessibility, shopper, SIZES, ttd, useVisitor } from '@shop/browser-testing';
import { fetchProducts, openProduct, STOREFRONT_URL, useBrowserPages } from './support/browser';

const open = useBrowserPages();

/** A phone number as wa.me wants it, written out here independently of @shop/rules: +1 868 for a local number. */
function international(n: string): string {
  const digits = n.replace(/\D/g, '');
  return digits.length === 7 ? `1868${digits}` : digits.length === 10 ? `1${digits}` : digits;
}

async function shopWhatsApp(): Promise<string> {
  const settings = (await (await fetch(`${STOREFRONT_URL}/api/controls`)).json()) as Array<{ contactSettings: { whatsapp: string } }>;
  return international(settings[0].contactSettings.whatsapp);
}

/** The wa.me link's number and prefilled text. */
function parseWhatsApp(href: string | null): { number: string; text: string | null } {
  const url = new URL(href ?? '');
  expect(url.origin).toBe('https://wa.me');
  return { number: url.pathname.slice(1), text: url.searchParams.get('text') };
}

async function expectClean(page: Page, screen: string): Promise<void> {
  const findings = await scanAccessibility(page);
  expect([screen, findings]).toEqual([screen, []]);
}

describe.each(SIZES)('receipts and WhatsApp in the storefront (%s)', (viewport) => {
  it('the shopper pays by card, downloads the receipt from tracking and finds "Ask on WhatsApp" with the order prefilled', async () => {
    const products = await fetchProducts();
    const oil = products.find((p) => p.name === 'Moringa Scalp Oil')!;
    const { page, errors } = await open(viewport);
    const who = shopper('Renée', 'Baptiste');
    await useVisitor(page, STOREFRONT_URL, who.visitorId);
    const order = await placeOrderAs(STOREFRONT_URL, who, [{ product: oil._id, qty: 2 }]);
    await answerOnSandbox(page, STOREFRONT_URL, who.visitorId, order._id);
    await page.getByRole('heading', { level: 1, name: /PAID/ }).waitFor({ timeout: 20_000 });

    // The result page: "Ask on WhatsApp" to the shop's number, the order number, lines and total prefilled.
    const shop = await shopWhatsApp();
    const expectedOrderText = `Hi Island Glow! I have a question about my order ${order.orderNumber} (2 × ${oil.name}; total ${ttd(order.totalPrice)}).`;
    const resultLink = page.getByRole('link', { name: 'Ask on WhatsApp' });
    await resultLink.waitFor();
    expect(parseWhatsApp(await resultLink.getAttribute('href'))).toEqual({ number: shop, text: expectedOrderText });
    expect(await resultLink.getAttribute('target')).toBe('_blank');

    await page.goto(`${STOREFRONT_URL}/tracking/${order._id}`);
    await page.getByRole('heading', { level: 1, name: "Tracking Renée's Order" }).waitFor();
    const trackingLink = page.getByRole('link', { name: 'Ask on WhatsApp' });
    await trackingLink.waitFor();
    expect(parseWhatsApp(await trackingLink.getAttribute('href'))).toEqual({ number: shop, text: expectedOrderText });
    await expectClean(page, `tracking order ${viewport}`);
    await saveScreenshot(page, `storefront-tracking-receipt-${viewport}`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download receipt (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`receipt-${order.orderNumber}.pdf`);
    const path = await download.path();
    const text = await pdfText(await readFile(path));
    expect(text).toContain(`Order number: ${order.orderNumber}`);
    expect(text).toContain(`${oil.name} 2 ${ttd(oil.price)} ${ttd(oil.price * 2)}`);
    // The order was placed without naming an area, so it carries the default area.
    expect(order.deliveryArea).not.toBeNull();
    expect(text).toContain(`Delivery: ${order.deliveryArea!.name} (${order.deliveryArea!.estimatedDays}) ${ttd(order.deliveryCost)}`);
    expect(text).toContain(`Total ${ttd(order.totalPrice)}`);
    expect(text).toContain('Payment: Paid by card');
    expect(errors).toEqual([]);
  });

  it('the product page offers "Ask on WhatsApp" with the product, its price and its page prefilled', async () => {
    const products = await fetchProducts();
    const balm = products.find((p) => p.name === 'Mango Butter Lip Balm')!;
    const { page, errors } = await open(viewport);
    await openProduct(page, balm);
    const link = page.getByRole('link', { name: 'Ask on WhatsApp' });
    await link.waitFor();
    expect(parseWhatsApp(await link.getAttribute('href'))).toEqual({
      number: await shopWhatsApp(),
      text: `Hi Island Glow! I have a question about ${balm.name} (${ttd(balm.price)}): ${STOREFRONT_URL}/product/${balm._id}`,
    });
    await expectClean(page, `product ${viewport}`);
    await saveScreenshot(page, `storefront-product-whatsapp-${viewport}`);
    expect(errors).toEqual([]);
  });

  it('the receipt goes only to the visitor who placed the order (the header the storefront sends)', async () => {
    const products = await fetchProducts();
    const balm = products.find((p) => p.name === 'Mango Butter Lip Balm')!;
    const who = shopper('Renée', 'Baptiste');
    const owner = who.visitorId;
    const order = await placeOrderAs(STOREFRONT_URL, who, [{ product: balm._id, qty: 1 }], true);
    // The API refuses the file to anyone but that visitor.
    const other = await fetch(`${STOREFRONT_URL}/api/orders/${order._id}/receipt`, { headers: { 'X-Visitor-Id': 'uid-someoneelse1' } });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: 'You can only download the receipts of your own orders' });
    const mine = await fetch(`${STOREFRONT_URL}/api/orders/${order._id}/receipt`, { headers: { 'X-Visitor-Id': owner } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
  });
});

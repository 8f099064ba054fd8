import { saveScreenshot } from '@shop/browser-testing';
import sharp from 'sharp';
import { scanWithoutScripts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { fillCheckoutForm, SHOPPER_DETAILS } from './support/checkout';
import { adminToken, cancelOrder, createProduct } from './support/shop-admin';

const ACCOUNT = { bank: 'First Citizens', accountName: 'Island Glow Ltd', accountNumber: '2233 4455', accountType: 'Savings', instructions: '' };

/** PATCHes the settings' bank transfer section (the run's shared shop: turned off again after the test). */
async function bankTransfer(token: string, enabled: boolean): Promise<void> {
  const [settings] = (await (await fetch(`${STOREFRONT_URL}/api/controls`)).json()) as Array<{ _id: string }>;
  const res = await fetch(`${STOREFRONT_URL}/api/controls/${settings._id}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ bankTransferSettings: { enabled, holdHours: 48, accounts: [ACCOUNT] } }),
  });
  if (res.status !== 200) throw new Error(`settings answered ${res.status}`);
}

/**
 * Issue 29 without JavaScript, at phone size: Buy Now, the checkout the storefront's server draws offers bank transfer
 * and pay on delivery with Linx; the server places each order and answers with its page.
 */
describe('paying by bank transfer or Linx without JavaScript (phone)', () => {
  const open = useBrowserPages();
  let token: string;
  let product: { _id: string; name: string };
  const placed: string[] = [];

  beforeAll(async () => {
    token = await adminToken();
    product = await createProduct(token, { name: `No-script Transfer Gel ${Date.now()}`, price: 45, image: '/api/files/demo/mango-lip-balm.svg', countInStock: 10 });
    await bankTransfer(token, true);
  });

  afterAll(async () => {
    await bankTransfer(token, false);
    for (const id of placed) await cancelOrder(token, id);
  });

  async function checkout(button: string) {
    const { page } = await open('phone', { javaScript: false });
    await page.goto(`${STOREFRONT_URL}/product/${product._id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('table', { name: 'Your order' }).waitFor();
    await fillCheckoutForm(page, SHOPPER_DETAILS);
    return { page, press: () => page.getByRole('button', { name: button }).click() };
  }

  it('a bank-transfer order: the server answers with the result page, the accounts and the order number as the reference, and takes a proof of transfer (a wrong type refused first)', async () => {
    const { page, press } = await checkout('Pay by Bank Transfer');
    await page.getByText('First Citizens · Island Glow Ltd · Savings 2233 4455').first().waitFor();
    await press();
    await page.waitForURL(/\/checkoutTransfer\/[^/?]+$/);
    placed.push(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const details = page.getByRole('region', { name: 'Pay by Bank Transfer' });
    await details.waitFor();
    expect(await details.innerText()).toMatch(/Reference: IG-\d+/);
    expect(await details.innerText()).toContain('Your items are held for you until');
    await saveScreenshot(page, 'storefront-nojs-bank-transfer-result-phone');

    // The proof of transfer, posted as a plain multipart form the storefront's server answers: a wrong type first.
    const upload = () => page.getByRole('region', { name: 'Upload proof of transfer' });
    await upload().getByLabel('Photo or PDF of your transfer').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a receipt') });
    await upload().getByRole('button', { name: 'Send Proof' }).click();
    await upload().getByRole('alert').getByText('The file is not a photo or a PDF: only photos (JPEG, PNG or WebP) and PDF documents are accepted').waitFor();
    expect(await scanWithoutScripts(page, () => open('phone'))).toEqual([]);
    await saveScreenshot(page, 'storefront-nojs-bank-transfer-proof-refused-phone');
    const receipt = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 250, g: 250, b: 245 } } }).jpeg().toBuffer();
    await upload().getByLabel('Photo or PDF of your transfer').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: receipt });
    await upload().getByRole('button', { name: 'Send Proof' }).click();
    await page.waitForURL(/\/checkoutTransfer\/[^/?]+\?proof=sent$/);
    await upload().getByRole('status').getByText('Thank you: your proof of transfer was received.').waitFor();
    await upload().getByText(/^Photo received /).waitFor();
    expect(await scanWithoutScripts(page, () => open('phone'))).toEqual([]);
    await saveScreenshot(page, 'storefront-nojs-bank-transfer-proof-sent-phone');
    const order = await (await fetch(`${STOREFRONT_URL}/api/orders/${placed.at(-1)}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(order.transferProofs).toEqual([expect.objectContaining({ kind: 'image', contentType: 'image/jpeg' })]);

    // The order's tracking page offers the same form, with what was sent and the timeline's line for it.
    await page.goto(`${STOREFRONT_URL}/tracking/${order._id}`);
    await upload().getByText(/^Photo received /).waitFor();
    await page.getByText('Proof of transfer uploaded').first().waitFor();
    // The page says the order waits for the transfer (it is placed, not paid).
    await page.getByText(`Waiting for your bank transfer, with ${order.orderNumber} as the reference`).waitFor();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await upload().getByLabel('Photo or PDF of your transfer').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: pdf });
    await upload().getByRole('button', { name: 'Send Proof' }).click();
    await page.waitForURL(/\/tracking\/[^/?]+\?proof=sent$/);
    await upload().getByText(/^PDF received /).waitFor();
    expect(await scanWithoutScripts(page, () => open('phone'))).toEqual([]);
    await saveScreenshot(page, 'storefront-nojs-tracking-proof-sent-phone');
  });

  it('a pay-on-delivery order with Linx chosen: stored as Linx', async () => {
    const { page, press } = await checkout('Pay In Person');
    await page.getByRole('radio', { name: 'Linx (debit card)' }).check();
    await press();
    await page.waitForURL(/\/checkoutInPerson\/[^/?]+$/);
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    placed.push(id);
    await page.getByText('Will be Paid In Person').first().waitFor();
    const order = await (await fetch(`${STOREFRONT_URL}/api/orders/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(order).toMatchObject({ paymentMethod: 'in_person', payOnDelivery: 'linx' });
    expect(await page.getByText('Pay on delivery: Linx (debit card)').count()).toBeGreaterThan(0);
  });
});

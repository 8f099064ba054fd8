import type { Product } from '@shop/contracts';
import { saveScreenshot, scanAccessibility } from '@shop/browser-testing';
import { ADMIN_URL, GATEWAY_URL, STOREFRONT_URL, useAdminPages } from './support/admin-browser';
import { createProduct, discardOrder, getOrder, letterTag } from './support/orders';
import { makePng } from './support/test-images';

const TAG = letterTag();
const ACCOUNT = { bank: 'Republic Bank', accountName: 'Island Glow Ltd', accountNumber: '180-4455-667', accountType: 'Chequing', instructions: '' };

const admin = useAdminPages();

let product: Product;
const placed: string[] = [];

/** PATCHes the settings' bank transfer section (the run's shared shop: turned off again after the test). */
async function bankTransfer(enabled: boolean): Promise<void> {
  const auth = { Authorization: `Bearer ${admin.login.token}`, 'Content-Type': 'application/json' };
  const [settings] = (await (await fetch(`${GATEWAY_URL}/api/controls`)).json()) as Array<{ _id: string }>;
  const res = await fetch(`${GATEWAY_URL}/api/controls/${settings._id}`, {
    method: 'PATCH',
    headers: auth,
    body: JSON.stringify({ bankTransferSettings: { enabled, holdHours: 72, accounts: [ACCOUNT] } }),
  });
  if (res.status !== 200) throw new Error(`settings answered ${res.status}`);
}

beforeAll(async () => {
  product = await createProduct(admin.login, `Transfer Butter ${TAG}`, 60);
  await bankTransfer(true);
});

afterAll(async () => {
  await bankTransfer(false);
  for (const id of placed) await discardOrder(admin.login, id);
});

/**
 * Issue 29 on a phone: the shopper pays by bank transfer and uploads a photo of the receipt; the owner sees it on the
 * order, sees the money in the bank and marks the order paid.
 */
describe('bank transfer (phone)', () => {
  it('the shopper places a bank-transfer order, sees the accounts, the reference and the WhatsApp link, and uploads a proof; the owner sees it and marks it paid, short', async () => {
    const { page, errors } = await admin.open('phone', false);
    await page.goto(`${STOREFRONT_URL}/checkout?add=${product._id}&qty=1`);
    await page.waitForURL(`${STOREFRONT_URL}/checkout`);
    await page.getByRole('table', { name: 'Your order' }).waitFor();
    await page.getByText(/Pay by bank transfer to this account, with your order number as the reference/).waitFor();
    for (const [label, value] of [
      ['First Name', 'Kezia'],
      ['Last Name', `Transfer${TAG}`],
      ['Email', 'kezia@example.tt'],
      ['Contact Number', '868 555 0142'],
      ['City/Area', 'Port of Spain'],
      ['Street', '5 Ariapita Avenue'],
    ]) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'storefront-checkout-bank-transfer-phone');
    await page.getByRole('button', { name: 'Pay by Bank Transfer' }).click();
    await page.waitForURL(/\/checkoutTransfer\/[^/?]+$/);
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    placed.push(id);
    const details = page.getByRole('region', { name: 'Pay by Bank Transfer' });
    await details.waitFor();
    const order = await getOrder(admin.login, id);
    expect(order).toMatchObject({ state: 'awaiting_transfer', paymentMethod: 'bank_transfer' });
    expect(await details.innerText()).toContain(`Reference: ${order.orderNumber}`);
    expect(await details.innerText()).toContain('Republic Bank · Island Glow Ltd · Chequing 180-4455-667');
    const proof = new URL((await details.getByRole('link', { name: /Send proof of transfer on WhatsApp/ }).getAttribute('href')) ?? '');
    expect(proof.hostname).toBe('wa.me');
    expect(proof.searchParams.get('text')).toContain(`proof of transfer for order ${order.orderNumber}`);
    await page.getByText('Waiting for your bank transfer').first().waitFor();
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'storefront-bank-transfer-result-phone');

    // The proof: a photo of the receipt, sent from the result page (with scripts: answered in place).
    const upload = page.getByRole('region', { name: 'Upload proof of transfer' });
    await upload.getByLabel('Photo or PDF of your transfer').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await makePng() });
    await upload.getByRole('button', { name: 'Send Proof' }).click();
    await upload.getByRole('status').getByText('Thank you: your proof of transfer was received.').waitFor();
    await upload.getByRole('list', { name: 'Proofs sent' }).getByText(/^Photo received /).waitFor();
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'storefront-bank-transfer-proof-sent-phone');
    expect(errors).toEqual([]);

    const owner = await admin.open('phone');
    await owner.page.goto(`${ADMIN_URL}/admin/orders/${id}`);
    const form = owner.page.getByRole('region', { name: 'Mark paid by bank transfer' });
    await form.waitFor();
    // The proof, opened in the owner's session only: its photo and the time it came.
    const proofs = owner.page.getByRole('region', { name: 'Proof of transfer' });
    const photo = proofs.getByRole('img', { name: /^Proof 1: photo, uploaded / });
    await photo.waitFor();
    await owner.page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.transfer-proofs img')).every((img) => img.complete && img.naturalWidth > 0));
    expect(await proofs.innerText()).toMatch(/Proof 1: photo, uploaded .+ · \d+ KB/);
    // Opened whole by a tap: the owner's session reads it; without the session the same address is refused.
    const href = (await proofs.getByRole('link', { name: /^Proof 1: photo/ }).getAttribute('href')) ?? '';
    const whole = await owner.page.request.get(new URL(href, ADMIN_URL).href);
    expect([whole.status(), whole.headers()['content-type'], whole.headers()['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
    expect((await fetch(new URL(href, GATEWAY_URL))).status).toBe(401);
    expect(await scanAccessibility(owner.page)).toEqual([]);
    await saveScreenshot(owner.page, 'admin-order-bank-transfer-phone');
    await form.getByLabel('Amount received (TT$)').fill((order.totalPrice - 5).toFixed(2));
    await form.getByLabel('Bank reference').fill(`RBL-${TAG}`);
    await form.getByRole('button', { name: 'Mark Paid' }).click();
    await owner.page.getByText('Bank Transfer Recorded', { exact: true }).first().waitFor();
    await form.waitFor({ state: 'detached' });
    const saved = await getOrder(admin.login, id);
    // The browser run's one shop takes every file's orders from one address, so the client's order-count flag may be there too.
    expect(saved).toMatchObject({ state: 'paid', isPaid: true, flags: expect.arrayContaining(['Partial transfer: TT$5.00 short of the total']) });
    expect(saved.timeline?.map((t) => t.action)).toEqual(['place', 'upload_transfer_proof', 'record_transfer']);
    expect(saved.transferProofs).toHaveLength(1);
    await owner.page.getByText('Partial transfer: TT$5.00 short of the total').first().waitFor();
    expect(await scanAccessibility(owner.page)).toEqual([]);
    await saveScreenshot(owner.page, 'admin-order-bank-transfer-paid-phone');
    expect(owner.errors).toEqual([]);
  });
});

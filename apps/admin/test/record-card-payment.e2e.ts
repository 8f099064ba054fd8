import type { Product } from '@shop/contracts';
import { scanAccessibility, shopApi, shopper } from '@shop/browser-testing';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createProduct, discardOrder, getOrder, letterTag, placeOrder } from './support/orders';

const TAG = letterTag();

const admin = useAdminPages();

let scrub: Product;
const placed: string[] = [];

beforeAll(async () => {
  scrub = await createProduct(admin.login, `Card Record Scrub ${TAG}`, 40);
});

afterAll(async () => {
  for (const id of placed) await discardOrder(admin.login, id);
});

/** Issue 29: on a phone, the owner records a card payment WiPay shows for an order whose redirect never came. */
describe('recording a card payment (admin, phone)', () => {
  it('refuses a wrong amount with the server\'s reason, then records the right one: the order is paid and its timeline says so', async () => {
    const who = shopper('Anya', `Card${TAG}`);
    const order = await placeOrder(who, [{ product: scrub._id, qty: 1 }]);
    placed.push(order._id);
    // The shopper went to WiPay's page (a payment only exists for an order sent there), and never came back.
    await shopApi(GATEWAY_URL)('/api/orders/pay', { method: 'POST', body: JSON.stringify({ orderId: order._id }), headers: { 'x-visitor-id': who.visitorId } });
    const o = await admin.open('phone');
    const { page } = o;
    await page.goto(`${ADMIN_URL}/admin/orders/${order._id}`);
    const section = page.getByRole('region', { name: 'Record a card payment' });
    await section.waitFor();
    expect(await scanAccessibility(page)).toEqual([]);

    await section.getByLabel('WiPay transaction id').fill(`WP-e2e-${TAG}`);
    await section.getByLabel('Amount (TT$)').fill('1.00');
    await section.getByRole('button', { name: 'Record Card Payment' }).click();
    const alert = section.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(`The amount does not match this order: WiPay charges TT$${order.totalPrice.toFixed(2)} for it`);
    expect(await scanAccessibility(page)).toEqual([]);

    await section.getByLabel('Amount (TT$)').fill(order.totalPrice.toFixed(2));
    await section.getByRole('button', { name: 'Record Card Payment' }).click();
    await page.getByText('Card Payment Recorded', { exact: true }).first().waitFor();
    await section.waitFor({ state: 'detached' });
    const saved = await getOrder(admin.login, order._id);
    expect(saved).toMatchObject({ state: 'paid', isPaid: true, transactionId: `WP-e2e-${TAG}` });
    expect(saved.timeline?.map((t) => t.action)).toEqual(['place', 'record_card_payment']);
    await page.screenshot({ path: `/tmp/record-card-payment-${TAG}.png`, fullPage: true });
    // The only console line is the browser's own report of the refused wrong amount (400), which the form showed.
    expect(o.errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});

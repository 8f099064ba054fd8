import type { Product } from '@shop/contracts';
import { shopper } from '@shop/browser-testing';
import { ADMIN_URL, useAdminPages } from './support/admin-browser';
import { createProduct, discardOrder, getOrder, letterTag, placeOrder } from './support/orders';

const TAG = letterTag();

const admin = useAdminPages();

let balm: Product;
const placed: string[] = [];

beforeAll(async () => {
  balm = await createProduct(admin.login, `Hold Test Balm ${TAG}`, 30);
});

afterAll(async () => {
  for (const id of placed) await discardOrder(admin.login, id);
});

/** Issue 23: the owner ends an in-person order's hold from its page, with the button the server's lifecycle offers. */
describe('confirming an in-person order (admin)', () => {
  it("shows when the hold ends and a Confirm button; confirming ends the hold and the button goes, the order's timeline says so", async () => {
    const order = await placeOrder(shopper('Keisha', `Hold${TAG}`), [{ product: balm._id, qty: 2 }], true);
    placed.push(order._id);
    expect(order.holdUntil).toEqual(expect.any(String));
    const o = await admin.open('desktop');
    const { page } = o;
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    const section = page.getByRole('region', { name: 'Confirm the order' });
    await section.waitFor();
    expect(await section.innerText()).toContain('The items are held until');
    await section.getByRole('button', { name: 'Confirm Order' }).click();
    await page.getByText('Order Confirmed', { exact: true }).first().waitFor();
    await section.waitFor({ state: 'detached' });
    const saved = await getOrder(admin.login, order._id);
    expect(saved).toMatchObject({ state: 'in_person', holdUntil: null });
    expect(saved.actions).not.toContain('confirm');
    expect(saved.timeline?.map((t) => t.action)).toEqual(['place', 'confirm']);
    expect(o.errors).toEqual([]);
  });
});

import type { LoginResponse, Product } from '@shop/contracts';
import type { Browser } from 'playwright-core';
import { ADMIN_URL, type AdminPage, apiLogin, launchBrowser, openAdminPage } from './support/admin-browser';
import { createProduct, discardOrder, getOrder, letterTag, placeOrder, shopper } from './support/orders';

const TAG = letterTag();

let browser: Browser;
let login: LoginResponse;
let balm: Product;
let opened: AdminPage[] = [];
const placed: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  login = await apiLogin();
  balm = await createProduct(login, `Hold Test Balm ${TAG}`, 30);
});

afterEach(async () => {
  await Promise.all(opened.map((o) => o.context.close()));
  opened = [];
});

afterAll(async () => {
  for (const id of placed) await discardOrder(login, id);
  await browser?.close();
});

/** Issue 23: the owner ends an in-person order's hold from its page, with the button the server's lifecycle offers. */
describe('confirming an in-person order (admin)', () => {
  it("shows when the hold ends and a Confirm button; confirming ends the hold and the button goes, the order's timeline says so", async () => {
    const order = await placeOrder(shopper('Keisha', `Hold${TAG}`), [{ product: balm._id, qty: 2 }], true);
    placed.push(order._id);
    expect(order.holdUntil).toEqual(expect.any(String));
    const o = await openAdminPage(browser, 'desktop', login);
    opened.push(o);
    const { page } = o;
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    const section = page.getByRole('region', { name: 'Confirm the order' });
    await section.waitFor();
    expect(await section.innerText()).toContain('The items are held until');
    await section.getByRole('button', { name: 'Confirm Order' }).click();
    await page.getByText('Order Confirmed', { exact: true }).first().waitFor();
    await section.waitFor({ state: 'detached' });
    const saved = await getOrder(login, order._id);
    expect(saved).toMatchObject({ state: 'in_person', holdUntil: null });
    expect(saved.actions).not.toContain('confirm');
    expect(saved.timeline?.map((t) => t.action)).toEqual(['place', 'confirm']);
    expect(o.errors).toEqual([]);
  });
});

import { scanAccessibility } from '@shop/browser-testing';
import type { DeliveryArea, LoginResponse, Product } from '@shop/contracts';
import type { Browser } from 'playwright-core';
import { ADMIN_URL, type AdminPage, apiLogin, GATEWAY_URL, launchBrowser, openAdminPage, screenshot, VIEWPORTS, type ViewportName } from './support/admin-browser';
import { createProduct, discardOrder, letterTag, placeOrder, shopper } from './support/orders';

const TAG = letterTag();

let browser: Browser;
let login: LoginResponse;
let balm: Product;
let areas: DeliveryArea[];
let opened: AdminPage[] = [];
const placed: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  login = await apiLogin();
  balm = await createProduct(login, `Note Test Balm ${TAG}`, 30);
  areas = (await (await fetch(`${GATEWAY_URL}/api/delivery-areas`)).json()) as DeliveryArea[];
});

afterEach(async () => {
  await Promise.all(opened.map((o) => o.context.close()));
  opened = [];
});

afterAll(async () => {
  for (const id of placed) await discardOrder(login, id);
  await browser?.close();
});

function areaId(name: string): string {
  const found = areas.find((a) => a.name === name);
  if (!found) throw new Error(`no area ${name}`);
  return found._id;
}

/** Issue 25: the owner's order shows the shopper's delivery note, and a town the server found outside the chosen area. */
describe.each(Object.keys(VIEWPORTS) as ViewportName[])("the owner's order: delivery note and town check (%s)", (viewport) => {
  it('shows "Town Chaguanas is not in South Trinidad — check with the customer" and the note above the details', async () => {
    const note = `Blue gate opposite the mosque ${viewport}`;
    const who = Object.assign(shopper('Kavita', `Note${TAG}`), { city: 'Chaguanas', note, deliveryAreaId: areaId('South Trinidad') });
    const order = await placeOrder(who, [{ product: balm._id, qty: 1 }], true);
    placed.push(order._id);
    const o = await openAdminPage(browser, viewport, login);
    opened.push(o);
    const { page, errors } = o;
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    const section = page.getByRole('region', { name: 'Delivery' });
    await section.getByText('Town Chaguanas is not in South Trinidad — check with the customer').waitFor();
    await section.getByText(`Delivery note: ${note}`).waitFor();
    await screenshot(page, `admin-order-delivery-notes-${viewport}`);
    expect(await scanAccessibility(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows nothing of the kind for a town of its area without a note', async () => {
    const who = Object.assign(shopper('Asha', `Plain${TAG}`), { city: 'San Fernando', deliveryAreaId: areaId('South Trinidad') });
    const order = await placeOrder(who, [{ product: balm._id, qty: 1 }], true);
    placed.push(order._id);
    const o = await openAdminPage(browser, viewport, login);
    opened.push(o);
    const { page } = o;
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    await page.getByRole('heading', { name: 'Customer Details' }).waitFor();
    expect(await page.getByRole('region', { name: 'Delivery' }).count()).toBe(0);
    expect(await page.getByText(/check with the customer/).count()).toBe(0);
  });
});

import type { DeliveryArea, Product } from '@shop/contracts';
import { saveScreenshot, scanAccessibility, shopper, SIZES } from '@shop/browser-testing';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createProduct, discardOrder, letterTag, placeOrder } from './support/orders';

const TAG = letterTag();

const admin = useAdminPages();

let balm: Product;
let areas: DeliveryArea[];
const placed: string[] = [];

beforeAll(async () => {
  balm = await createProduct(admin.login, `Note Test Balm ${TAG}`, 30);
  areas = (await (await fetch(`${GATEWAY_URL}/api/delivery-areas`)).json()) as DeliveryArea[];
});

afterAll(async () => {
  for (const id of placed) await discardOrder(admin.login, id);
});

function areaId(name: string): string {
  const found = areas.find((a) => a.name === name);
  if (!found) throw new Error(`no area ${name}`);
  return found._id;
}

/** Issue 25: the owner's order shows the shopper's delivery note, and a town the server found outside the chosen area. */
describe.each(SIZES)("the owner's order: delivery note and town check (%s)", (viewport) => {
  it('shows "Town Chaguanas is not in South Trinidad — check with the customer" and the note above the details', async () => {
    const note = `Blue gate opposite the mosque ${viewport}`;
    const who = Object.assign(shopper('Kavita', `Note${TAG}`), { city: 'Chaguanas', note, deliveryAreaId: areaId('South Trinidad') });
    const order = await placeOrder(who, [{ product: balm._id, qty: 1 }], true);
    placed.push(order._id);
    const o = await admin.open(viewport);
    const { page, errors } = o;
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    const section = page.getByRole('region', { name: 'Delivery' });
    await section.getByText('Town Chaguanas is not in South Trinidad — check with the customer').waitFor();
    await section.getByText(`Delivery note: ${note}`).waitFor();
    await saveScreenshot(page, `admin-order-delivery-notes-${viewport}`);
    expect(await scanAccessibility(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows nothing of the kind for a town of its area without a note', async () => {
    const who = Object.assign(shopper('Asha', `Plain${TAG}`), { city: 'San Fernando', deliveryAreaId: areaId('South Trinidad') });
    const order = await placeOrder(who, [{ product: balm._id, qty: 1 }], true);
    placed.push(order._id);
    const o = await admin.open(viewport);
    const { page } = o;
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    await page.getByRole('heading', { name: 'Customer Details' }).waitFor();
    expect(await page.getByRole('region', { name: 'Delivery' }).count()).toBe(0);
    expect(await page.getByText(/check with the customer/).count()).toBe(0);
  });
});

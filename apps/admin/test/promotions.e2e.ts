import type { DeliveryArea, DiscountCode, DiscountCodeDetail, Order } from '@shop/contracts';
import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createProduct, deleteProduct, visitorId } from './support/shop-api';

// The owner adds a delivery area in Site Settings and creates a discount code, at phone and desktop size;
// every new screen is scanned with axe-core (no moderate, serious or critical finding) and saved as a screenshot.
const RUN = Date.now().toString(36).toUpperCase();

const createdAreas: DeliveryArea[] = [];
const createdProducts: string[] = [];

const admin = useAdminPages();

afterAll(async () => {
  // The stack is shared by every test file of the run: the areas made here are switched off again.
  for (const area of createdAreas) {
    await fetch(`${GATEWAY_URL}/api/delivery-areas/${area._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.login.token}` },
      body: JSON.stringify({ name: area.name, cost: area.cost, estimatedDays: area.estimatedDays, active: false }),
    });
  }
  // ...and its products deleted: the storefront's tests take the newest products as theirs.
  for (const id of createdProducts) await deleteProduct(admin.login.token, id).catch(() => undefined);
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${GATEWAY_URL}${path}`, { headers: { authorization: `Bearer ${admin.login.token}` } });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function send<T>(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${GATEWAY_URL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.login.token}`, ...headers },
    body: JSON.stringify(body),
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function expectClean(page: Page, screen: string): Promise<void> {
  // The pointer leaves the button it pressed, and its hover colours finish changing, before the colours are judged.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const findings = await scanAccessibility(page);
  await saveScreenshot(page, screen);
  expect(findings.map((f) => `${screen}: ${f.rule} [${f.impact}] ${f.help} ${f.targets.join(' ')}`)).toEqual([]);
  await expectNoSidewaysScroll(page);
}

describe.each(SIZES)('delivery areas and discount codes in the admin (%s)', (size) => {
  it('adds a delivery area in Site Settings, refusing a bad cost first, and the shop lists it', async () => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/controls`);
    const section = page.getByRole('region', { name: 'Delivery Areas' });
    await section.getByRole('heading', { name: /^Tobago: TT\$/ }).waitFor();
    await expectClean(page, `admin-delivery-areas-${size}`);

    const add = section.getByRole('form', { name: 'Add a delivery area' });
    const name = `Arima ${size} ${RUN}`;
    await add.getByLabel('Area name').fill(name);
    await add.getByLabel('Cost (TT$)').fill('45.555');
    await add.getByLabel('Estimated days').fill('1-2 working days');
    await add.getByRole('button', { name: 'Add Delivery Area' }).click();
    await add.getByRole('alert').getByText('Delivery cost must be 0 or more with at most two decimals').waitFor();
    expect((await api<DeliveryArea[]>('/api/delivery-areas/all')).some((a) => a.name === name)).toBe(false);
    await expectClean(page, `admin-delivery-areas-error-${size}`);

    await add.getByLabel('Cost (TT$)').fill('45.50');
    await add.getByRole('button', { name: 'Add Delivery Area' }).click();
    await section.getByRole('heading', { name: `${name}: TT$45.50` }).waitFor();
    const saved = (await api<DeliveryArea[]>('/api/delivery-areas/all')).find((a) => a.name === name);
    expect(saved).toMatchObject({ cost: 45.5, estimatedDays: '1-2 working days', active: true, isDefault: false });
    if (saved) createdAreas.push(saved);
    expect((await api<DeliveryArea[]>('/api/delivery-areas')).some((a) => a.name === name)).toBe(true);
    // The add form is empty again for the next area.
    expect(await add.getByLabel('Area name').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('creates a discount code with its terms, lists it with its uses, and opens it', async () => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/`);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    if (size === 'phone') await page.getByRole('button', { name: /menu/i }).click();
    await nav.getByRole('link', { name: 'Discount Codes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Discount Codes' }).waitFor();
    await page.getByRole('link', { name: 'New Discount Code' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Discount Code' }).waitFor();
    await expectClean(page, `admin-discount-new-${size}`);

    const code = `GLOW${size === 'phone' ? 'P' : 'D'}${RUN}`;
    await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Percent off').fill('150');
    await page.getByRole('button', { name: 'Create Code' }).click();
    await page.getByRole('alert').getByText('A percent discount must be a whole number from 1 to 100').waitFor();
    expect((await api<DiscountCode[]>('/api/discount-codes')).some((c) => c.code === code)).toBe(false);

    await page.getByLabel('Percent off').fill('15');
    await page.getByLabel('Minimum order (TT$)').fill('100');
    await page.getByLabel('Total uses').fill('5');
    await page.getByLabel('Uses per customer email').fill('1');
    await page.getByLabel('Ends on').fill('2030-12-31');
    await page.getByRole('button', { name: 'Create Code' }).click();
    await page.getByRole('heading', { level: 1, name: `Discount Code ${code}` }).waitFor();
    await page.getByRole('heading', { name: 'Uses' }).waitFor();
    await page.getByText('No order has used this code yet.').waitFor();
    await expectClean(page, `admin-discount-edit-${size}`);

    const saved = (await api<DiscountCode[]>('/api/discount-codes')).find((c) => c.code === code);
    expect(saved).toMatchObject({ kind: 'percent', value: 15, minOrder: 100, totalUses: 5, usesPerCustomer: 1, used: 0, active: true, onBanner: false });
    // The end date is the end of that day in Trinidad.
    expect(saved?.endsAt).toBe('2031-01-01T03:59:59.000Z');

    await page.getByRole('link', { name: 'Back to Discount Codes' }).click();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('15% off (orders from TT$100.00)');
    expect(text).toContain('0 of 5');
    expect(text).toContain('Live');
    await expectClean(page, `admin-discounts-${size}`);
    expect(errors).toEqual([]);
  });

  it("shows the order's delivery area and discount line on the owner's order detail, and the order in the code's uses", async () => {
    const code = `USE${size === 'phone' ? 'P' : 'D'}${RUN}`;
    const made = await send<DiscountCode>('POST', '/api/discount-codes', {
      code,
      kind: 'fixed',
      value: 12.5,
      minOrder: 0,
      startsAt: null,
      endsAt: null,
      totalUses: 3,
      usesPerCustomer: null,
      appliesToDelivery: false,
      active: true,
      onBanner: false,
    });
    const product = await createProduct(admin.login.token, `Discount balm ${size} ${RUN}`, 10);
    createdProducts.push(product._id);
    const tobago = (await api<DeliveryArea[]>('/api/delivery-areas')).find((a) => a.name === 'Tobago')!;
    const shopper = visitorId();
    const order = await send<Order>(
      'POST',
      '/api/orders/inperson',
      {
        id: shopper,
        fname: 'Anya',
        lname: 'Ramdial',
        email: 'anya@example.tt',
        phone: '(868)555-0177',
        city: 'Scarborough',
        street: '4 Milford Road',
        orderItems: [{ product: product._id, qty: 1 }],
        deliveryAreaId: tobago._id,
        discountCode: code,
      },
      { 'X-Visitor-Id': shopper },
    );
    expect(order.discount).toEqual({ code, amount: 12.5 });

    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/orders/inperson/${order._id}`);
    const details = page.getByRole('region', { name: 'Order Details' });
    await details.getByRole('rowheader', { name: `Discount (${code})` }).waitFor();
    await details.getByRole('rowheader', { name: `Delivery: Tobago (${tobago.estimatedDays})` }).waitFor();
    const text = await details.innerText();
    expect(text).toContain('−TT$12.50');
    expect(text).toContain(`TT$${order.totalPrice.toFixed(2)}`);
    await expectClean(page, `admin-order-discount-${size}`);

    await page.goto(`${ADMIN_URL}/admin/discounts/${made._id}`);
    const uses = page.getByRole('region', { name: 'Uses' });
    await uses.getByRole('link', { name: order.orderNumber }).waitFor();
    expect(await uses.innerText()).toContain('1 held by orders, 2 of 3 left');
    const detail = await api<DiscountCodeDetail>(`/api/discount-codes/${made._id}`);
    expect(detail.redemptions).toEqual([expect.objectContaining({ orderId: order._id, amount: 12.5, status: 'held', email: 'anya@example.tt' })]);
    await expectClean(page, `admin-discount-uses-${size}`);
    expect(errors).toEqual([]);
  });
});

import { type Order, type Product, SHOP_TIME_ZONE } from '@shop/contracts';
import { brokenWords, saveScreenshot, shopper, SIZES, ttd, useVisitor } from '@shop/browser-testing';
import type { Locator, Page } from 'playwright-core';
import { ADMIN_URL, GATEWAY_URL, STOREFRONT_URL, useAdminPages } from './support/admin-browser';
import {
  badge,
  createProduct,
  deleteOverApi,
  discardOrder,
  eventually,
  getOrder,
  letterTag,
  mailsAbout,
  orderStatus,
  payOnSandbox,
  placeOrder,
  updateStatusOverApi,
} from './support/orders';

const TAG = letterTag();
const JOURNEY_MS = 150_000;

const admin = useAdminPages();

let balm: Product;
let scrub: Product;
const placed: string[] = [];

beforeAll(async () => {
  balm = await createProduct(admin.login, `Order Test Balm ${TAG}`, 25.5);
  scrub = await createProduct(admin.login, `Order Test Scrub ${TAG}`, 1250);
});

afterAll(async () => {
  // What a test left behind goes out of the way, so its reserved stock goes back.
  for (const id of placed) await discardOrder(admin.login, id);
});

async function order(who: ReturnType<typeof shopper>, items: Array<{ product: string; qty: number }>, inPerson = false): Promise<Order> {
  const created = await placeOrder(who, items, inPerson);
  placed.push(created._id);
  return created;
}

/** Console noise the browser prints for an answer a test provoked on purpose. */
function unexpected(errors: string[], allowed: RegExp): string[] {
  return errors.filter((e) => !allowed.test(e));
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Order tabs' });
/** The orders listed: a table's rows on a desktop (issue 26), cards on a phone. */
const entries = (page: Page) =>
  page.viewportSize()!.width >= 1024 ? page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ has: page.getByRole('rowheader') }) : page.getByRole('article');
/** One order in the list, found by its number (the list shows no ids). */
const card = (page: Page, order: Pick<Order, 'orderNumber'>) => entries(page).filter({ hasText: order.orderNumber });
/** The visitor id as the owner reads it: 'Visitor' and a short code. */
const shortCode = (visitorId: string) => visitorId.replace(/^uid-/, '').slice(0, 6);
/** A row's cells as seen: the first line of each (the link's cell also has words for screen readers only). */
async function cells(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.split('\n')[0]);
}
const fact = (page: Page, label: string) => page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

async function openTab(page: Page, label: string): Promise<void> {
  await tabs(page).getByRole('link', { name: label, exact: true }).click();
  await tabs(page).getByRole('link', { name: label, exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
  await page.getByRole('status').filter({ hasText: /orders?$/ }).waitFor();
}

/** The sidebar's count, in the words a screen reader hears; gone at 0. */
async function expectBadge(page: Page, count: number): Promise<void> {
  // On a phone the sidebar is folded away (hidden) until the menu opens; the count is there all the same.
  const nav = page.getByRole('navigation', { name: 'Admin', includeHidden: true });
  if (count === 0) {
    await nav.locator('.admin-nav__badge').waitFor({ state: 'detached' });
    return;
  }
  const text = `${count} ${count === 1 ? 'order' : 'orders'} waiting`;
  await nav.getByText(text, { exact: true }).waitFor({ state: 'attached' });
  // The Orders link keeps its name and is described by the count.
  const link = nav.getByRole('link', { name: 'Orders', exact: true, includeHidden: true });
  const describedBy = await link.getAttribute('aria-describedby');
  expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain(String(count));
}

const moves = (page: Page) => page.getByRole('region', { name: 'Fulfilment' });

/** One tap on a move (issue 26), then the toast and the new state from the server. */
async function tap(page: Page, label: string, now: string): Promise<void> {
  await moves(page).getByRole('button', { name: label, exact: true }).click();
  await page.getByText('Order Updated Successfully', { exact: true }).first().waitFor();
  await moves(page).getByRole('status').filter({ hasText: `Now: ${now}` }).waitFor();
}

/** The move buttons offered now, in order. */
const buttons = (page: Page) => moves(page).getByRole('button').allInnerTexts();

describe.each(SIZES)('admin orders (%s)', (size) => {
  it(
    'shows a paid card order and an in-person order in their tabs, then takes the card order out and delivers it',
    async () => {
      const { page, errors } = await admin.open(size);
      const before = await badge(admin.login);
      const renee = shopper('Renée', `Card${TAG}`);
      const card1 = await order(renee, [
        { product: balm._id, qty: 2 },
        { product: scrub._id, qty: 1 },
      ]);
      await payOnSandbox(admin.browser, renee, card1._id);
      const marisa = shopper('Marisa', `Cash${TAG}`);
      const cash = await order(marisa, [{ product: balm._id, qty: 3 }], true);
      expect(await badge(admin.login)).toBe(before + 2);

      await page.goto(`${ADMIN_URL}/admin/orders/`);
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      for (const label of ['New Pay In Person Orders', 'New Credit Card Orders', 'Delivering', 'Delivered', 'All', 'Unpaid/Unsuccessful']) {
        await tabs(page).getByRole('link', { name: label, exact: true }).waitFor();
      }
      expect(await page.getByRole('searchbox', { name: 'Search for an order' }).getAttribute('placeholder')).toBe('Search for an order');
      await expectBadge(page, before + 2);
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Menu' }).click();
        expect(await page.locator('.admin-nav__badge').isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Menu' }).click();
      }

      // The first tab: new pay-in-person orders. One fulfilment word per order, the number and date, the area and
      // whether it is paid; no order id (issue 26).
      const cashCard = card(page, cash);
      await cashCard.waitFor();
      const cashText = await cashCard.innerText();
      expect(cashText).toContain(`Marisa Cash${TAG}`);
      expect(cashText).toContain(ttd(cash.totalPrice));
      expect(cashText).toContain('Preparing');
      expect(cashText).toContain('Pay in person');
      expect(cashText).toContain(cash.deliveryArea?.name ?? '—');
      expect(cashText).not.toContain('Delivered');
      expect(cashText).not.toContain(cash._id);
      expect(await cashCard.getByRole('link').getAttribute('href')).toBe(`/admin/orders/inperson/${cash._id}`);
      expect(await card(page, card1).count()).toBe(0);
      if (size === 'phone') {
        expect(await page.getByRole('table').count()).toBe(0);
        expect(cashText).toContain('No. Items\n3');
      } else {
        // The desktop's table: its columns, and the row's cells in their order.
        expect(await page.getByRole('article').count()).toBe(0);
        expect((await page.getByRole('table', { name: 'Orders' }).getByRole('columnheader').allInnerTexts()).map((t) => t.split(',')[0].replace(/[▲▼↕]/g, '').trim())).toEqual([
          'Order',
          'Date',
          'Customer',
          'Delivery area',
          'Total',
          'Payment',
          'Fulfilment',
        ]);
        const row = (await cashCard.getByRole('cell').allInnerTexts()).map((t) => t.trim());
        expect(row.slice(1)).toEqual([`Marisa Cash${TAG}`, cash.deliveryArea?.name ?? '—', ttd(cash.totalPrice), 'Pay in person', 'Preparing']);
        expect((await cashCard.getByRole('rowheader').innerText()).startsWith(cash.orderNumber)).toBe(true);
      }

      await openTab(page, 'New Credit Card Orders');
      expect(new URL(page.url()).searchParams.get('tab')).toBe('card');
      const paidCard = card(page, card1);
      await paidCard.waitFor();
      const cardText = await paidCard.innerText();
      expect(cardText).toContain(`Renée Card${TAG}`);
      expect(cardText).toContain(ttd(card1.totalPrice));
      // "Preparing" and nothing that says otherwise (it said "Not Delivered" beside it).
      expect(cardText).toContain('Preparing');
      expect(cardText).toContain('Paid');
      expect(cardText).not.toContain('Delivered');
      expect(await card(page, cash).count()).toBe(0);
      await saveScreenshot(page, `admin-orders-${size}`);

      // The card order's page.
      await paidCard.getByRole('link').click();
      await page.waitForURL(`${ADMIN_URL}/admin/orders/${card1._id}`);
      await page.getByRole('heading', { level: 1, name: "Renée's Order" }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Customer Details' }).waitFor();
      expect(await page.locator('.order-head__meta').innerText()).toContain(`Order ${card1.orderNumber}`);
      // Plain words: no "User Session Id", the visitor as a short code; the provider's transaction id for a dispute.
      expect(await page.getByText('User Session Id').count()).toBe(0);
      expect(await fact(page, 'Visitor').innerText()).toBe(shortCode(renee.visitorId));
      const saved = await getOrder(admin.login, card1._id);
      expect(saved.transactionId).toEqual(expect.any(String));
      expect(await fact(page, 'Card transaction').innerText()).toBe(saved.transactionId);
      expect(await fact(page, 'Payment reference').innerText()).toBe(saved.paymentReference);
      expect(await fact(page, 'Payment Status').innerText()).toBe('Paid');
      expect(await fact(page, 'Full Name').innerText()).toBe(`Renée Card${TAG}`);
      expect(await fact(page, 'Email').innerText()).toBe(renee.email);
      expect(await fact(page, 'Phone').innerText()).toBe('(868)555-0142');
      expect(await fact(page, 'City').innerText()).toBe(renee.city);
      expect(await fact(page, 'Street').innerText()).toBe(renee.street);
      expect(await page.getByText(card1._id).count()).toBe(0);

      const table = page.getByRole('table');
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Name', 'Product Link', 'Quantity', 'Price', 'Total']);
      const balmRow = table.getByRole('row').filter({ hasText: balm.name });
      expect(await cells(balmRow)).toEqual([balm.name, 'View', '2', 'TT$25.50', 'TT$51.00']);
      const scrubRow = table.getByRole('row').filter({ hasText: scrub.name });
      expect(await cells(scrubRow)).toEqual([scrub.name, 'View', '1', 'TT$1,250.00', 'TT$1,250.00']);
      // The link leaves the admin for the shop's own product page.
      const href = (await balmRow.getByRole('link', { name: `View ${balm.name} in the shop (opens in a new tab)` }).getAttribute('href')) ?? '';
      const link = new URL(href);
      expect(link.origin).not.toBe(new URL(ADMIN_URL).origin);
      expect(link.pathname).toBe(`/product/${balm._id}`);
      const productPage = await admin.browser.newPage();
      await productPage.goto(`${STOREFRONT_URL}${link.pathname}`);
      await productPage.getByRole('heading', { level: 1, name: balm.name }).waitFor();
      await productPage.close();
      expect(await table.getByRole('row', { name: /Delivery/ }).innerText()).toContain(ttd(card1.deliveryCost));
      expect(await table.getByRole('row', { name: /Grand Total/ }).innerText()).toContain(ttd(card1.totalPrice));
      expect(card1.totalPrice).toBe(51 + 1250 + card1.deliveryCost);

      // One tap per move the lifecycle allows: no select, no "Update Order".
      expect(await page.getByLabel('Delivered?').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Update Order' }).count()).toBe(0);
      expect(await buttons(page)).toEqual(['Out for delivery', 'Delivered']);
      await saveScreenshot(page, `admin-order-card-${size}`);

      // The shopper's tracking page, before and after each change.
      const tracking = await admin.openShop(size);
      await useVisitor(tracking, STOREFRONT_URL, renee.visitorId);
      await tracking.goto(`${STOREFRONT_URL}/tracking/${card1._id}`);
      await tracking.getByText('Preparing Order', { exact: true }).waitFor();

      await tap(page, 'Out for delivery', 'Out for delivery');
      expect((await getOrder(admin.login, card1._id)).deliveryStatus).toBe('Out for Delivery');
      expect(await buttons(page)).toEqual(['Delivered', 'Back to preparing']);
      // Out for delivery is still waiting for the owner.
      await expectBadge(page, before + 2);
      await tracking.reload();
      await tracking.getByText('Out for Delivery', { exact: true }).waitFor();

      await page.getByRole('link', { name: 'Go Back' }).click();
      await page.waitForURL(`${ADMIN_URL}/admin/orders/`);
      await openTab(page, 'Delivering');
      expect(await card(page, card1).innerText()).toContain('Out for delivery');
      await openTab(page, 'New Credit Card Orders');
      expect(await card(page, card1).count()).toBe(0);

      await page.goto(`${ADMIN_URL}/admin/orders/${card1._id}`);
      await tap(page, 'Delivered', 'Delivered');
      await expectBadge(page, before + 1);
      const delivered = await getOrder(admin.login, card1._id);
      expect(delivered).toMatchObject({ deliveryStatus: 'Delivered', isDelivered: true });
      expect(delivered.deliveredAt).not.toBeNull();
      // Delivered: only the steps back are offered (a mistake can be put right), and the order can be archived.
      expect(await buttons(page)).toEqual(['Back to out for delivery', 'Back to preparing']);
      await page.getByRole('button', { name: 'Archive Order' }).waitFor();
      await saveScreenshot(page, `admin-order-delivered-${size}`);

      await page.getByRole('link', { name: 'Go Back' }).click();
      await openTab(page, 'Delivered');
      const deliveredCard = await card(page, card1).innerText();
      expect(deliveredCard).toContain('Delivered');
      expect(deliveredCard).toContain('Paid');
      await openTab(page, 'Delivering');
      expect(await card(page, card1).count()).toBe(0);

      // The tracking pages are personal: the server draws them but hands the app no data, so the app draws them again
      // at once, through a moment of loading (a full run read the page in that moment). Each is read once the app runs.
      const appStarted = () => tracking.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await tracking.reload();
      await appStarted();
      await tracking.getByText('Delivery Time', { exact: true }).waitFor();
      expect(await tracking.getByRole('main').innerText()).toContain('Delivered');
      await tracking.goto(`${STOREFRONT_URL}/tracking`);
      await appStarted();
      await tracking.getByRole('article').first().waitFor();
      expect(await tracking.getByRole('article').filter({ hasText: ttd(card1.totalPrice) }).innerText()).toContain('Delivered');

      // The shopper's mails follow: paid, out for delivery, delivered.
      const mails = await eventually(
        () => mailsAbout(admin.login, card1._id),
        (list) => ['payment_received', 'out_for_delivery', 'delivered'].every((kind) => list.some((m) => m.kind === kind && m.status === 'sent')),
      );
      for (const kind of ['payment_received', 'out_for_delivery', 'delivered']) {
        expect(mails.find((m) => m.kind === kind)).toMatchObject({ recipient: renee.email, status: 'sent' });
      }
      expect(errors).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    'records the cash when an in-person order is delivered, in one tap',
    async () => {
      const { page, errors } = await admin.open(size);
      const before = await badge(admin.login);
      const keisha = shopper('Keisha', `Person${TAG}`);
      const cash = await order(keisha, [{ product: scrub._id, qty: 1 }], true);

      await page.goto(`${ADMIN_URL}/admin/orders/`);
      await card(page, cash).getByRole('link').click();
      await page.waitForURL(`${ADMIN_URL}/admin/orders/inperson/${cash._id}`);
      await page.getByRole('heading', { level: 1, name: "Keisha's Order" }).waitFor();
      await expectBadge(page, before + 1);
      expect(await fact(page, 'Payment Status').innerText()).toBe('To Be Paid In Person');
      expect(await buttons(page)).toEqual(['Out for delivery', 'Delivered']);
      // Cash is not a card payment: no transaction, no reference.
      expect(await page.locator('dt', { hasText: 'Card transaction' }).count()).toBe(0);
      await saveScreenshot(page, `admin-order-inperson-${size}`);

      // A card order's address for an in-person order is corrected to the in-person one.
      await page.goto(`${ADMIN_URL}/admin/orders/${cash._id}`);
      await page.waitForURL(`${ADMIN_URL}/admin/orders/inperson/${cash._id}`);

      await tap(page, 'Delivered', 'Delivered');
      await fact(page, 'Payment Status').filter({ hasText: /^Paid$/ }).waitFor();
      await expectBadge(page, before);
      const saved = await getOrder(admin.login, cash._id);
      expect(saved).toMatchObject({ isPaid: true, isDelivered: true, deliveryStatus: 'Delivered' });
      expect(saved.paidAt).not.toBeNull();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: "Keisha's Order" }).waitFor();
      expect(await fact(page, 'Payment Status').innerText()).toBe('Paid');
      await moves(page).getByRole('status').filter({ hasText: 'Now: Delivered' }).waitFor();
      expect(errors).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    "lists an unpaid card order under 'Unpaid/Unsuccessful' with no move to tap; deletes it only once cancelled, after its number is typed",
    async () => {
      const { page, errors } = await admin.open(size);
      const before = await badge(admin.login);
      const dana = shopper('Dana', `Unpaid${TAG}`);
      const unpaid = await order(dana, [{ product: balm._id, qty: 1 }]);
      expect(await badge(admin.login)).toBe(before);

      await page.goto(`${ADMIN_URL}/admin/orders/`);
      await openTab(page, 'Unpaid/Unsuccessful');
      const unpaidCard = card(page, unpaid);
      await unpaidCard.waitFor();
      expect(await unpaidCard.innerText()).toContain('Unpaid');
      expect(await unpaidCard.innerText()).toContain('Waiting for payment');
      expect(await unpaidCard.getByRole('link').getAttribute('href')).toBe(`/admin/orders/${unpaid._id}`);

      await unpaidCard.getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: "Dana's Order" }).waitFor();
      expect(await fact(page, 'Payment Status').innerText()).toBe('Payment Cancelled/Incomplete');
      // No word of the facts or the items table is broken inside itself (it read "Incomp-lete" on a phone).
      expect(await brokenWords(page)).toEqual([]);
      await saveScreenshot(page, `admin-order-unpaid-${size}`);
      // Nothing to tap until the payment arrives; the page says why.
      await page.getByText('Waiting for the card payment. A card order goes out once its payment arrives.').waitFor();
      expect(await moves(page).count()).toBe(0);
      // The server refuses it all the same when asked (the API's own answer).
      expect(await updateStatusOverApi(admin.login, unpaid._id, 'Delivered')).toBe(409);
      expect((await getOrder(admin.login, unpaid._id)).deliveryStatus).toBe('Preparing Order');
      // No bin icon; it holds stock, so it cannot be deleted (nor archived while it may still be paid).
      expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Archive Order' }).count()).toBe(0);
      expect(await deleteOverApi(admin.login, unpaid._id)).toBe(409);

      // Cancelled, nothing paid and the stock back: it may be deleted, once its number is typed.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Cancel Order' }).click();
      await page.getByText('Order Cancelled', { exact: true }).first().waitFor();
      const confirm = page.getByLabel(`Type ${unpaid.orderNumber} to confirm`);
      await confirm.waitFor();
      await confirm.fill('IG-1');
      await page.getByRole('button', { name: 'Delete Order' }).click();
      await page.getByRole('alert').filter({ hasText: `Type ${unpaid.orderNumber} to delete this order.` }).waitFor();
      expect(await orderStatus(admin.login, unpaid._id)).toBe(200);
      await saveScreenshot(page, `admin-order-delete-${size}`);
      await confirm.fill(unpaid.orderNumber.toLowerCase());
      await page.getByRole('button', { name: 'Delete Order' }).click();
      await page.waitForURL(`${ADMIN_URL}/admin/orders/`);
      await page.getByText('Order Deleted Successfully').waitFor();
      expect(await orderStatus(admin.login, unpaid._id)).toBe(404);
      await openTab(page, 'All');
      await page.getByRole('searchbox', { name: 'Search for an order' }).fill(`Unpaid${TAG}`);
      await page.getByText(`No orders match “Unpaid${TAG}” in All.`).waitFor();
      expect(unexpected(errors, /409/)).toEqual([]);
    },
    JOURNEY_MS,
  );

  it(
    "answers a stale tap with the server's reason and shows the order as it now stands",
    async () => {
      const { page, errors } = await admin.open(size);
      const gone = shopper('Gwen', `Refused${TAG}`);
      const cash = await order(gone, [{ product: balm._id, qty: 1 }], true);
      await page.goto(`${ADMIN_URL}/admin/orders/inperson/${cash._id}`);
      await page.getByRole('heading', { level: 1, name: "Gwen's Order" }).waitFor();
      await moves(page).getByRole('status').filter({ hasText: 'Now: Preparing' }).waitFor();
      // Another tab (or a colleague) cancels the order while this page is open; the tap is then refused.
      const cancelled = await fetch(`${GATEWAY_URL}/api/orders/${cash._id}/cancel`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.login.token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(cancelled.status).toBe(200);
      await moves(page).getByRole('button', { name: 'Out for delivery' }).click();
      await page.getByRole('alert').filter({ hasText: 'This order is cancelled' }).waitFor();
      await page.getByText('Cancelled. Nothing more to do.').waitFor();
      expect(await moves(page).count()).toBe(0);
      expect((await getOrder(admin.login, cash._id)).state).toBe('cancelled');
      expect(unexpected(errors, /409/)).toEqual([]);
    },
    JOURNEY_MS,
  );
});

describe.each(SIZES)('order timeline, cancel and refund (%s)', (size) => {
  it(
    'shows who did what, cancels a paid card order after the confirm, and records its refund',
    async () => {
      const { page, errors } = await admin.open(size);
      const who = shopper('Nadia', `Cancel${TAG}`);
      const paid = await order(who, [{ product: balm._id, qty: 2 }]);
      await payOnSandbox(admin.browser, who, paid._id);

      await page.goto(`${ADMIN_URL}/admin/orders/${paid._id}`);
      await page.getByRole('heading', { level: 1, name: "Nadia's Order" }).waitFor();
      const timeline = page.getByRole('list', { name: 'Timeline' });
      await timeline.waitFor();
      const steps = () => timeline.getByRole('listitem').allInnerTexts();
      expect(await steps()).toEqual([
        expect.stringMatching(/^Order placed\n.*· by the shopper$/),
        expect.stringMatching(/^Card payment received\n.*· by the payment provider$/),
      ]);
      // Times are the shop's (Trinidad and Tobago) and machine-readable.
      const first = timeline.locator('time').first();
      const at = (await first.getAttribute('datetime')) ?? '';
      const shopTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(at));
      expect(await first.innerText()).toBe(shopTime);

      // Dismissing the confirm keeps the order as it was.
      page.once('dialog', (dialog) => void dialog.dismiss());
      await page.getByRole('button', { name: 'Cancel Order' }).click();
      expect((await getOrder(admin.login, paid._id)).state).toBe('paid');

      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      await page.getByRole('button', { name: 'Cancel Order' }).click();
      await page.getByText('Order Cancelled', { exact: true }).first().waitFor();
      expect(asked).toBe(`Cancel Nadia's order ${paid.orderNumber}?`);
      await fact(page, 'Payment Status').filter({ hasText: 'Refund Due' }).waitFor();
      expect(await moves(page).count()).toBe(0);
      expect(await page.getByText('Cancelled. The payment is due back to the customer.').isVisible()).toBe(true);
      await timeline.getByText('Cancelled: refund due').waitFor();
      expect((await getOrder(admin.login, paid._id)).state).toBe('refund_due');
      await saveScreenshot(page, `admin-order-refund-due-${size}`);

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Record Refund' }).click();
      await timeline.getByText('Refund paid').waitFor();
      await fact(page, 'Payment Status').filter({ hasText: 'Refunded' }).waitFor();
      expect((await steps()).at(-1)).toMatch(/^Refund paid\n.*· by the owner$/);
      expect(await page.getByRole('button', { name: 'Record Refund' }).count()).toBe(0);
      expect((await getOrder(admin.login, paid._id)).state).toBe('refunded');
      await saveScreenshot(page, `admin-order-refunded-${size}`);
      expect(errors).toEqual([]);
    },
    JOURNEY_MS,
  );
});

describe('searching and paging orders', () => {
  const FIRST_NAMES = ['Aaliyah', 'Brianna', 'Chantal', 'Deja', 'Esther', 'Farah', 'Gail', 'Hema', 'Indira', 'Janelle', 'Kezia', 'Lisa', 'Mona'];
  const SURNAME = `Pager${TAG}`;
  const made = new Map<string, Order>();

  beforeAll(async () => {
    for (const name of FIRST_NAMES) made.set(name, await order(shopper(name, SURNAME), [{ product: balm._id, qty: 1 }]));
  }, JOURNEY_MS);

  it.each(SIZES)('finds orders by name, pages through them, and keeps tab, search and page in the URL (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/orders/`);
    const search = page.getByRole('searchbox', { name: 'Search for an order' });

    // The tabs work from the keyboard.
    await tabs(page).getByRole('link', { name: 'All', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/tab=all/);

    await search.fill(SURNAME.toLowerCase());
    await page.getByText(`Showing 1–12 of 13 orders`).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(SURNAME.toLowerCase());
    expect(await entries(page).count()).toBe(12);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
    await page.getByText('Showing 13–13 of 13 orders').waitFor();
    expect(await entries(page).count()).toBe(1);
    // The first order placed is the last one listed (newest first).
    expect(await entries(page).innerText()).toContain(made.get('Aaliyah')!.orderNumber);
    const url = new URL(page.url());
    expect([url.searchParams.get('tab'), url.searchParams.get('q'), url.searchParams.get('page')]).toEqual(['all', SURNAME.toLowerCase(), '2']);
    await page.reload();
    await page.getByText('Showing 13–13 of 13 orders').waitFor();
    expect(await search.inputValue()).toBe(SURNAME.toLowerCase());
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous page' }).click();
    await page.getByText('Showing 1–12 of 13 orders').waitFor();

    if (size === 'desktop') {
      // The table sorts on the server (the list is paged): by customer from A, then from Z, the sort in the URL.
      const grid = page.getByRole('table', { name: 'Orders' });
      await grid.getByRole('columnheader', { name: /^Customer/ }).getByRole('link').click();
      await page.waitForURL((u) => u.searchParams.get('sort') === 'customer');
      await grid.getByRole('columnheader', { name: /^Customer/ }).and(page.locator('[aria-sort="ascending"]')).waitFor();
      await entries(page).first().filter({ hasText: `Aaliyah ${SURNAME}` }).waitFor();
      await saveScreenshot(page, 'admin-orders-sorted-desktop');
      await grid.getByRole('columnheader', { name: /^Customer/ }).getByRole('link').click();
      await page.waitForURL((u) => u.searchParams.get('dir') === 'desc');
      await entries(page).first().filter({ hasText: `Mona ${SURNAME}` }).waitFor();
      expect(await grid.getByRole('columnheader', { name: /^Customer/ }).getAttribute('aria-sort')).toBe('descending');
      expect(await entries(page).count()).toBe(12);
    }

    // A full name finds the one order.
    await search.fill(`chantal ${SURNAME}`);
    await page.getByText('Showing 1–1 of 1 order', { exact: true }).waitFor();
    expect(await entries(page).count()).toBe(1);
    expect(await entries(page).innerText()).toContain(made.get('Chantal')!.orderNumber);

    // The short order number finds the one order too, typed as the mail shows it or in small letters; the card shows it.
    const hema = made.get('Hema')!;
    for (const typed of [hema.orderNumber, hema.orderNumber.toLowerCase()]) {
      await search.fill(typed);
      await page.waitForURL((url) => url.searchParams.get('q') === typed);
      await card(page, hema).waitFor();
      await page.getByText('Showing 1–1 of 1 order', { exact: true }).waitFor();
      expect(await entries(page).count()).toBe(1);
      expect(await card(page, hema).innerText()).toContain(hema.orderNumber);
    }

    // In a tab where it is not, the search says so and offers all orders.
    await page.goto(`${ADMIN_URL}/admin/orders/?tab=delivered&q=${encodeURIComponent(`Chantal ${SURNAME}`)}`);
    await page.getByText(`No orders match “Chantal ${SURNAME}” in Delivered.`).waitFor();
    await page.getByRole('link', { name: 'Search all orders' }).click();
    await card(page, made.get('Chantal')!).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('when calls fail', () => {
  it.each(SIZES)('keeps the layout without the count, holds the cards’ place while loading, and retries a failed list (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    // The newest order, first in 'All': a short name, as most are.
    const newest = await order(shopper('Ava', `Wait${TAG}`), [{ product: balm._id, qty: 1 }]);
    await page.route(
      (url) => url.pathname === '/api/orders/stats',
      (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Stats are resting' }) }),
    );
    let failList = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/orders',
      async (route) => {
        if (failList) {
          await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The orders could not be read' }) });
          return;
        }
        await held;
        await route.continue();
      },
    );
    await page.goto(`${ADMIN_URL}/admin/orders/?tab=all`);
    await page.getByText('Oops, an error occurred: The orders could not be read').waitFor({ timeout: 20_000 });
    const nav = page.getByRole('navigation', { name: 'Admin', includeHidden: true });
    await nav.getByRole('link', { name: 'Orders', exact: true, includeHidden: true }).waitFor({ state: 'attached' });
    expect(await nav.locator('.admin-nav__badge').count()).toBe(0);

    failList = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    // Cards on a phone, the table's rows on a desktop.
    const skeleton = page.locator(size === 'phone' ? '[aria-busy="true"] .order-card' : '[aria-busy="true"] tr').first();
    await skeleton.waitFor();
    const placeholderHeight = (await skeleton.boundingBox())!.height;
    release();
    await card(page, newest).waitFor();
    const cardHeight = (await card(page, newest).boundingBox())!.height;
    // The placeholder is the orders' size, so nothing jumps when they arrive.
    expect(Math.abs(cardHeight - placeholderHeight)).toBeLessThanOrEqual(2);
    expect(unexpected(errors, /500|503/)).toEqual([]);
  });

  it('logs out when the server answers 401', async () => {
    const { page } = await admin.open('desktop');
    await page.route(
      (url) => url.pathname === '/api/orders',
      (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Not authorized, token failed' }) }),
    );
    await page.goto(`${ADMIN_URL}/admin/orders/`);
    await page.waitForURL(`${ADMIN_URL}/admin/login`);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });
});

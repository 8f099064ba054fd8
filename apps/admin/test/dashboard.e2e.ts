import { type Order, type OrderStats, type ProductSummary, shopToday } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { expectNoSidewaysScroll, saveScreenshot, SIZES } from '@shop/browser-testing';
import { ADMIN_URL, useAdminPages } from './support/admin-browser';
import { createProduct, deleteProduct, deliverOrder, getRestock, getStats, placeInPersonOrder } from './support/shop-api';
import { makePng, serveOutsideImages } from './support/test-images';

const RUN = Date.now().toString(36);
const TAB_LABELS = {
  inperson: 'New Pay In Person Orders',
  card: 'New Credit Card Orders',
  delivering: 'Delivering',
  delivered: 'Delivered',
  unpaid: 'Unpaid/Unsuccessful',
  all: 'All',
} as const;

const admin = useAdminPages({ prepare: (context) => serveOutsideImages(context, png) });

let png: Buffer;
let product: ProductSummary;
let delivered: Order;
let waiting: Order;
let soldOut: { _id: string; name: string };

function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

beforeAll(async () => {
  png = await makePng();
  // A product of this test, sold 40 at once: the best sellers list (top 5 by quantity) has it whatever the other
  // test files of the run sold before.
  product = (await createProduct(admin.login.token, `E2E Best Seller Cocoa Butter ${RUN}`, 500)) as ProductSummary;
  // One order delivered (so paid: it counts as revenue and as a best seller), one still waiting for the owner.
  delivered = await deliverOrder(admin.login.token, (await placeInPersonOrder([{ product: product._id, qty: 40 }], 'dashboard.paid@example.tt'))._id);
  expect(delivered.isPaid).toBe(true);
  waiting = await placeInPersonOrder([{ product: product._id, qty: 1 }], 'dashboard.waiting@example.tt');
  soldOut = await createProduct(admin.login.token, `E2E Sold Out Shea Butter ${RUN}`, 0);
});

afterAll(async () => {
  await deleteProduct(admin.login.token, soldOut._id).catch(() => undefined);
  await deleteProduct(admin.login.token, product._id).catch(() => undefined);
});

describe('admin dashboard', () => {
  it.each(SIZES)("shows the server's figures for the chosen range, and the items to restock (%s)", async (size) => {
    const { page, errors } = await admin.open(size);
    const to = shopToday();
    const from = shopToday(-6);
    const stats: OrderStats = await getStats(admin.login.token, from, to);
    // The orders placed above are in the server's figures.
    expect(stats.tabs.inperson).toBeGreaterThanOrEqual(1);
    expect(stats.tabs.delivered).toBeGreaterThanOrEqual(1);
    const seller = stats.bestSellers.find((s) => s.product === product._id);
    expect(seller?.qty).toBeGreaterThanOrEqual(2);

    await page.goto(`${ADMIN_URL}/admin/?range=7`);
    await page.getByRole('heading', { level: 1, name: 'Shop admin' }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(`${longDay(from)} to ${longDay(to)}`).waitFor();
    expect(await main.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBe('page');

    // Totals.
    const revenue = stats.days.reduce((sum, d) => sum + Math.round(d.revenue * 100), 0) / 100;
    const tile = (term: string) => main.locator('.stat-tile', { has: page.getByRole('term').filter({ hasText: term }) }).getByRole('definition');
    expect(await tile('Revenue (paid)').textContent()).toBe(formatTTD(revenue));
    expect(await tile('Paid orders').textContent()).toBe(String(stats.days.reduce((n, d) => n + d.orders, 0)));
    expect(await tile('Waiting for you').textContent()).toBe(String(stats.badge));
    expect(await tile('Orders in all').textContent()).toBe(String(stats.tabs.all));

    // Orders by tab: each label with the server's count.
    const tabs = main.getByRole('figure', { name: 'Orders by tab' });
    for (const [tab, label] of Object.entries(TAB_LABELS)) {
      const row = tabs.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
      expect(await row.locator('.bar-list__value').textContent()).toBe(String(stats.tabs[tab as keyof typeof TAB_LABELS]));
    }

    // Best sellers: the product sold above, with its quantity and revenue.
    const sellers = main.getByRole('figure', { name: 'Best sellers' });
    const sellerRow = sellers.getByRole('listitem').filter({ has: page.getByRole('link', { name: product.name }) });
    expect(await sellerRow.locator('.bar-list__value').textContent()).toBe(`${seller?.qty} sold · ${formatTTD(seller?.revenue ?? 0)}`);
    expect(await sellers.getByRole('listitem').count()).toBe(stats.bestSellers.length);

    // Revenue per day: the chart's text alternative carries today's figure in TT$.
    const revenueChart = main.getByRole('figure', { name: 'Revenue per day' });
    expect(await revenueChart.getByText(`${formatTTD(revenue)} in total`).count()).toBe(1);
    await revenueChart.getByText('Show the figures for each day').click();
    const today = stats.days.find((d) => d.date === to);
    const todayRow = revenueChart.getByRole('row', { name: longDay(to) });
    expect(await todayRow.getByRole('cell').textContent()).toBe(formatTTD(today?.revenue ?? -1));
    expect(await revenueChart.getByRole('row').count()).toBe(8);
    const ordersChart = main.getByRole('figure', { name: 'Orders per day' });
    await ordersChart.getByText('Show the figures for each day').click();
    expect(await ordersChart.getByRole('row', { name: longDay(to) }).getByRole('cell').textContent()).toBe(String(today?.orders));

    // Items In Need of Restocking: the sold-out product is listed, the heading leads to the restock screen.
    const restock = await getRestock(admin.login.token);
    expect(restock.some((p) => p._id === soldOut._id)).toBe(true);
    const restockSection = main.getByRole('region', { name: 'Items In Need of Restocking' });
    await restockSection.getByRole('link', { name: soldOut.name }).waitFor();
    expect(await restockSection.getByRole('listitem').count()).toBe(Math.min(8, restock.length));

    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `admin-dashboard-${size}`);

    // Another range: kept in the URL, figures for that range.
    await main.getByRole('link', { name: 'Last 90 days' }).click();
    await page.waitForURL(/\?range=90$/);
    await main.getByText(`${longDay(shopToday(-89))} to ${longDay(to)}`).waitFor();
    expect(await main.getByRole('link', { name: 'Last 90 days' }).getAttribute('aria-current')).toBe('page');
    const wide = await getStats(admin.login.token, shopToday(-89), to);
    expect(await tile('Revenue (paid)').textContent()).toBe(formatTTD(wide.days.reduce((sum, d) => sum + Math.round(d.revenue * 100), 0) / 100));
    await expectNoSidewaysScroll(page);

    await main.getByRole('link', { name: 'Items In Need of Restocking' }).click();
    await page.getByRole('heading', { level: 1, name: 'Items In Need of Restocking' }).waitFor();
    expect(waiting.deliveryStatus).toBe('Preparing In Person Order');
    expect(errors).toEqual([]);
  });
});

import type { MailHealth, NotificationPage, Order, ProductSummary } from '@shop/contracts';
import { expectNoSidewaysScroll, placeOrderAs, saveScreenshot, scanAccessibility, shopper, SIZES } from '@shop/browser-testing';
import { type AdminTarget, useAdminPages } from './support/admin-browser';
import { eventually } from './support/shop-api';

/**
 * Issue 26: with the mail server stopped, the owner hears it on the dashboard, in plain words. These tests use the
 * run's second shop (e2e-mail-down-shop.ts), whose SMTP_URL names a port where nothing listens (every send:
 * ECONNREFUSED), with one sending attempt per mail so the mails fail at once; the main shop keeps its mail server.
 */
const target: AdminTarget = {
  adminUrl: (process.env.MAIL_DOWN_ADMIN_URL ?? '').replace(/\/$/, ''),
  gatewayUrl: (process.env.MAIL_DOWN_GATEWAY_URL ?? '').replace(/\/$/, ''),
};
const admin = useAdminPages({ target });
let order: Order;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${target.gatewayUrl}${path}`, { headers: { authorization: `Bearer ${admin.login.token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  // An in-person order: a mail to the shopper and one to the owner, both refused at the door.
  const product = ((await (await fetch(`${target.gatewayUrl}/api/products`)).json()) as ProductSummary[]).find((p) => p.countInStock > 1) as ProductSummary;
  order = await placeOrderAs(target.gatewayUrl, { ...shopper('Keisha', 'Mohammed'), email: 'keisha.mailhealth@example.tt' }, [{ product: product._id, qty: 1 }], true);
  await eventually(
    () => api<NotificationPage>('/api/notifications?status=failed&pageSize=100'),
    (page) => page.notifications.filter((m) => m.orderId === order._id).length === 2,
    30_000,
  );
}, 120_000);

describe.each(SIZES)('mail health with the mail server stopped (%s)', (size) => {
  it('the dashboard warns that mails are not going out and says why in plain words', async () => {
    // The order's two mails, and the owner's sign-in alerts (a new browser, while the tests sign in): every one
    // refused at the door, so every failed mail has that one cause.
    const health = await api<MailHealth>('/api/notifications/health');
    expect(health.failed).toBeGreaterThanOrEqual(2);
    expect(health.causes).toEqual([{ cause: 'connection_refused', text: expect.any(String), mails: health.failed }]);

    const { page } = await admin.open(size);
    await page.goto(`${target.adminUrl}/admin/`);
    const warning = page.getByRole('region', { name: 'Mails are not going out' });
    await warning.waitFor();
    const failedLine = await warning.getByText(/^\d+ mails failed in the last 7 days and were not sent\.$/).textContent();
    const shown = Number(failedLine?.split(' ')[0]);
    expect(shown).toBeGreaterThanOrEqual(health.failed);
    const cause = warning.getByRole('listitem').filter({ hasText: 'The mail server refused the connection. It may be stopped, or the shop has the wrong mail server address or port.' });
    expect(await cause.textContent()).toContain(`(${shown} mails)`);
    // Plain words, never a bare error code.
    expect(await warning.textContent()).not.toMatch(/ECONNREFUSED|ESOCKET/);
    await expectNoSidewaysScroll(page);
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-mail-health-${size}`);

    // Its link opens the failed mails in the mail log: each names its order by number and its cause in words.
    await warning.getByRole('link', { name: 'Open the mail log' }).click();
    await page.waitForURL(/\/admin\/mail-log\?status=failed$/);
    await page.getByRole('heading', { level: 1, name: 'Mail log' }).waitFor();
    const table = page.getByRole('table', { name: /^Failed mails, page 1 of 1$/ });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /keisha\.mailhealth@example\.tt/ }) });
    await row.getByRole('link', { name: order.orderNumber }).waitFor();
    expect(await row.getByRole('link', { name: order.orderNumber }).getAttribute('href')).toBe(`/admin/orders/inperson/${order._id}`);
    await row.getByText(/^The mail server refused the connection\./).waitFor();
    // The mail server's own answer stays under the words, for whoever fixes the settings.
    await row.getByText(/connect ECONNREFUSED 127\.0\.0\.1:\d+/).waitFor();
    expect(await table.getByText(order._id, { exact: true }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-mail-log-failed-${size}`);
  });
});

it('the old Outbox address opens the mail log, filter kept; the sidebar says Mail log', async () => {
  const { page } = await admin.open('desktop');
  await page.goto(`${target.adminUrl}/admin/outbox?status=failed`);
  await page.waitForURL(/\/admin\/mail-log\?status=failed$/);
  await page.getByRole('heading', { level: 1, name: 'Mail log' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  expect(await nav.getByRole('link', { name: 'Mail log' }).getAttribute('aria-current')).toBe('page');
  expect(await nav.getByRole('link', { name: 'Outbox' }).count()).toBe(0);
  const log = await api<NotificationPage>('/api/notifications?status=failed&pageSize=100');
  expect(log.notifications.filter((m) => m.orderId === order._id).map((m) => m.orderNumber)).toEqual([order.orderNumber, order.orderNumber]);
});

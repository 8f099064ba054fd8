import type { ProductSummary, SiteSettings } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { expectNoSidewaysScroll, saveScreenshot, scanAccessibility, SIZES, toast, type ViewportName } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, STOREFRONT_URL, useAdminPages } from './support/admin-browser';
import { eventually, getNotifications, getSettings, listProducts, placeInPersonOrder, putSettings } from './support/shop-api';
import { makePng, serveOutsideImages } from './support/test-images';

// Site settings, media and the mail log: the owner's changes are checked on the server and in the storefront.
const RUN = Date.now().toString(36);

const admin = useAdminPages({ prepare: (context) => serveOutsideImages(context, png) });

let png: Buffer;
let original: SiteSettings;

beforeAll(async () => {
  png = await makePng();
  original = await getSettings();
});

afterAll(async () => {
  // The stack is shared by every test file of the run: leave the settings as they were found.
  if (original) await putSettings(original, admin.login.token);
});

/** A storefront tab as a shopper (no admin login), with an optional cart put in its storage before its first load. */
async function openStorefront(size: ViewportName, cart?: unknown[]): Promise<Page> {
  const page = await admin.openShop(size);
  if (cart) {
    await page.context().addInitScript((items) => localStorage.setItem('cartItems', items), JSON.stringify({ state: { cartItems: cart }, version: 0 }));
  }
  return page;
}

/** One section of Site Settings: its own form (named by its heading), Save button and message. */
const section = (page: Page, title: string) => page.getByRole('form', { name: title });
const saveButton = (page: Page, title: string) => section(page, title).getByRole('button', { name: `Save ${title}` });

describe('site settings', () => {
  it.each(SIZES)('saves each section on its own, keeps the other sections\' edits, and the storefront shows them (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    const heading = `E2E Glow ${size} ${RUN}`;
    const cost = size === 'phone' ? { typed: '1234.5', shown: '1,234.50', value: 1234.5 } : { typed: '48.7', shown: '48.70', value: 48.7 };

    await page.goto(`${ADMIN_URL}/admin/controls`);
    await saveButton(page, 'Home Settings').waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Go to Home', exact: true }).getAttribute('href')).toBe('/admin/');
    const titles = ['Home Settings', 'Our Product Information Settings', 'Contact Settings', 'Shop Information', 'Pages', 'Payment Settings', 'Receipts and Stock Alerts'];
    for (const title of titles) {
      await page.getByRole('group', { name: title }).waitFor();
      expect(await saveButton(page, title).count()).toBe(1);
    }
    // The form starts from the server's record.
    expect(await page.getByLabel('Banner 1 heading', { exact: true }).inputValue()).toBe(original.homeSettings.bannerHeading_a);
    expect(await page.getByLabel('Product description 1').getAttribute('rows')).toBe('6');
    expect(await page.getByLabel('Phone', { exact: true }).getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('WhatsApp').getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('Facebook').getAttribute('type')).toBe('url');
    expect(await page.getByLabel('Instagram').getAttribute('type')).toBe('url');
    expect(await page.getByLabel('Pick-up address').inputValue()).toBe(original.shopSettings.pickupAddress);
    expect(await page.getByLabel('Delivery page').inputValue()).toBe(original.pageSettings.delivery);

    // Edits in two sections; only the home section is saved first.
    await page.getByLabel('Banner 1 heading', { exact: true }).fill(heading);
    const delivery = page.getByLabel('Delivery cost (TT$)');
    await delivery.fill(cost.typed);
    await delivery.blur();
    expect(await delivery.inputValue()).toBe(cost.shown);
    // The current banners are shown as pictures, the storefront's own /images/ ones included, and they load.
    for (const n of [1, 2]) {
      const preview = page.getByRole('img', { name: `Banner ${n} image preview` });
      await preview.waitFor();
      // decode() settles once the picture has loaded, and rejects on a broken one.
      const width = await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth, () => 0));
      expect(width).toBeGreaterThan(0);
    }
    // Banner 2's picture by upload: the field takes the stored file's address, previews it and names the file.
    const picker = page.getByLabel('Upload Banner 2 image');
    expect(await picker.evaluate((input) => (input as HTMLInputElement).type)).toBe('file');
    await picker.setInputFiles({ name: `banner-${size}.png`, mimeType: 'image/png', buffer: png });
    const bannerUrl = page.getByLabel('Banner 2 image URL');
    await page.getByText(`Uploaded banner-${size}.png`, { exact: true }).waitFor();
    expect(await page.getByText('No file chosen').count()).toBe(0);
    const preview = page.getByRole('img', { name: 'Banner 2 image preview' });
    await preview.waitFor();
    const uploaded = await bannerUrl.inputValue();
    expect(uploaded).toMatch(/^\/api\/files\//);
    expect(await preview.getAttribute('src')).toBe(uploaded);
    expect(await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth, () => 0))).toBeGreaterThan(0);
    await section(page, 'Home Settings').getByText('Unsaved changes.').waitFor();

    // Meanwhile the contact details change elsewhere (another tab): no save from this screen may undo that.
    const elsewhere = await getSettings();
    const patched = await fetch(`${STOREFRONT_URL}/api/controls/${elsewhere._id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.login.token}` },
      body: JSON.stringify({ contactSettings: { ...elsewhere.contactSettings, whatsapp: '868 555 7171' } }),
    });
    expect(patched.status).toBe(200);

    await saveButton(page, 'Home Settings').click();
    await section(page, 'Home Settings').getByText('Home Settings saved.').waitFor();
    // The toast says it too, and never lies over the Logout button.
    const toastBox = await toast(page, 'Settings saved successfully').boundingBox();
    const logoutBox = await page.getByRole('button', { name: 'Logout' }).boundingBox();
    expect(toastBox).not.toBeNull();
    expect(logoutBox).not.toBeNull();
    if (toastBox && logoutBox) {
      const overlaps =
        toastBox.x < logoutBox.x + logoutBox.width &&
        logoutBox.x < toastBox.x + toastBox.width &&
        toastBox.y < logoutBox.y + logoutBox.height &&
        logoutBox.y < toastBox.y + toastBox.height;
      expect(overlaps).toBe(false);
    }
    let saved = await getSettings();
    expect(saved.homeSettings.bannerHeading_a).toBe(heading);
    expect(saved.homeSettings.bannerImage_b).toBe(uploaded);
    expect(saved.paymentSettings).toEqual(original.paymentSettings);
    expect(saved.contactSettings.whatsapp).toBe('868 555 7171');
    expect(saved.mediaSettings).toEqual(original.mediaSettings);
    // The unsaved delivery cost is still as typed, and still says so.
    expect(await delivery.inputValue()).toBe(cost.shown);
    await section(page, 'Payment Settings').getByText('Unsaved changes.').waitFor();

    await saveButton(page, 'Payment Settings').click();
    await section(page, 'Payment Settings').getByText('Payment Settings saved.').waitFor();
    saved = await getSettings();
    expect(saved.paymentSettings.deliveryCost).toBe(cost.value);
    expect(saved.homeSettings.bannerHeading_a).toBe(heading);
    expect(saved.contactSettings.whatsapp).toBe('868 555 7171');
    // The screen now shows the record as the server holds it, the contact change made elsewhere included.
    await page.waitForFunction(() => [...document.querySelectorAll('input')].some((input) => input.value === '868 555 7171'));
    expect(await page.getByLabel('WhatsApp').inputValue()).toBe('868 555 7171');
    expect(await page.getByLabel('Banner 1 heading', { exact: true }).inputValue()).toBe(heading);
    expect(await delivery.inputValue()).toBe(cost.shown);

    // The shop's information and a page, each saved on its own.
    await page.getByLabel('Opening hours').fill(`Mon–Fri 8 am – 4 pm ${size}`);
    await saveButton(page, 'Shop Information').click();
    await section(page, 'Shop Information').getByText('Shop Information saved.').waitFor();
    await page.getByLabel('Returns page').fill(`Returns within 14 days (${size}).\n\nKeep the receipt.`);
    await saveButton(page, 'Pages').click();
    await section(page, 'Pages').getByText('Pages saved.').waitFor();
    saved = await getSettings();
    expect(saved.shopSettings.openingHours).toBe(`Mon–Fri 8 am – 4 pm ${size}`);
    expect(saved.pageSettings.returns).toBe(`Returns within 14 days (${size}).\n\nKeep the receipt.`);
    expect(saved.homeSettings.bannerHeading_a).toBe(heading);
    await expectNoSidewaysScroll(page);
    const findings = (await scanAccessibility(page)).filter((f) => f.impact === 'serious' || f.impact === 'critical');
    expect(findings).toEqual([]);
    await saveScreenshot(page, `admin-settings-${size}`);

    const home = await openStorefront(size);
    await home.goto(`${STOREFRONT_URL}/`);
    await home.getByRole('heading', { name: heading }).waitFor();
    await home.getByRole('contentinfo').getByText(`Mon–Fri 8 am – 4 pm ${size}`).waitFor();
    await home.goto(`${STOREFRONT_URL}/returns`);
    await home.getByText(`Returns within 14 days (${size}).`).waitFor();

    const product = (await listProducts()).find((p) => p.countInStock > 1) as ProductSummary;
    const checkout = await openStorefront(size, [
      { product: product._id, name: product.name, image: product.image, price: product.price, countInStock: product.countInStock, qty: 1 },
    ]);
    await checkout.goto(`${STOREFRONT_URL}/checkout`);
    const deliveryRow = checkout.getByRole('row', { name: /^Delivery/ });
    await deliveryRow.waitFor();
    expect(await deliveryRow.getByRole('cell').textContent()).toBe(formatTTD(cost.value));
    expect(errors).toEqual([]);

    await putSettings(original, admin.login.token);
  });

  /** Each required field, the section it is in, and the message it gets when empty. */
  const required: Array<[string, string, string]> = [
    ['Banner 1 image URL', 'Home Settings', 'Banner 1 image is required'],
    ['Banner 1 heading', 'Home Settings', 'Banner 1 heading is required'],
    ['Banner 1 sub heading', 'Home Settings', 'Banner 1 sub heading is required'],
    ['Banner 1 button', 'Home Settings', 'Banner 1 button is required'],
    ['Banner 2 image URL', 'Home Settings', 'Banner 2 image is required'],
    ['Banner 2 heading', 'Home Settings', 'Banner 2 heading is required'],
    ['Banner 2 sub heading', 'Home Settings', 'Banner 2 sub heading is required'],
    ['Banner 2 button', 'Home Settings', 'Banner 2 button is required'],
    ['Product description 1', 'Our Product Information Settings', 'Product description 1 is required'],
    ['Product description 2', 'Our Product Information Settings', 'Product description 2 is required'],
    ['Phone', 'Contact Settings', 'Phone is required'],
    ['WhatsApp', 'Contact Settings', 'WhatsApp is required'],
    ['Facebook', 'Contact Settings', 'Facebook is required'],
    ['Instagram', 'Contact Settings', 'Instagram is required'],
    ['Opening hours', 'Shop Information', 'Opening hours is required'],
    ['Pick-up address', 'Shop Information', 'Pick-up address is required'],
    ['Delivery page', 'Pages', 'Delivery page is required'],
    ['Returns page', 'Pages', 'Returns page is required'],
    ['Privacy page', 'Pages', 'Privacy page is required'],
    ['Delivery cost (TT$)', 'Payment Settings', 'Delivery cost is required'],
  ];

  it.each(SIZES)('refuses a section while any of its fields is empty or wrong, and saves nothing (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    let writes = 0;
    page.on('request', (request) => {
      if (['PUT', 'PATCH'].includes(request.method()) && request.url().includes('/api/controls/')) writes += 1;
    });
    const before = await getSettings();
    await page.goto(`${ADMIN_URL}/admin/controls`);
    await saveButton(page, 'Home Settings').waitFor();

    for (const [label, title, message] of required) {
      const input = page.getByLabel(label, { exact: true });
      const kept = await input.inputValue();
      expect(kept).not.toBe('');
      await input.fill('');
      await saveButton(page, title).click();
      const summary = section(page, title).getByRole('alert').filter({ hasText: 'Nothing was saved' });
      expect(await summary.textContent()).toBe('Nothing was saved: please fix the highlighted field.');
      await section(page, title).getByText(message, { exact: true }).waitFor();
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      // The wrong field takes the focus, so a keyboard user lands on it.
      await page.waitForFunction((name) => document.activeElement?.id === name, await input.getAttribute('id'));
      await input.fill(kept);
    }

    // A wrong value, not only a missing one, names the rule broken.
    await page.getByLabel('Facebook').fill('http://facebook.com/islandglow');
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await saveButton(page, 'Contact Settings').click();
    expect(await section(page, 'Contact Settings').getByRole('alert').textContent()).toBe('Nothing was saved: please fix the 2 highlighted fields.');
    await page.getByText('Facebook must be an https URL (https://...)').waitFor();
    await page.getByText('Phone must have 7 to 15 digits').waitFor();
    await expectNoSidewaysScroll(page);
    if (size === 'phone') await saveScreenshot(page, 'admin-settings-errors-phone');

    expect(writes).toBe(0);
    expect(await getSettings()).toEqual(before);
    expect(await page.getByText(/ saved\.$/).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('admin media', () => {
  const videoIds: Record<ViewportName, string> = { phone: 'e2ePhoneVid', desktop: 'e2eDeskVid1' };

  it.each(SIZES)('adds a YouTube video, shows it in the storefront gallery, then removes it (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    const id = videoIds[size];
    const watch = `https://www.youtube.com/watch?v=${id}`;
    await page.goto(`${ADMIN_URL}/admin/media`);
    await page.getByRole('button', { name: 'Save Videos' }).waitFor();
    const videos = page.getByRole('region', { name: 'Videos' });
    const input = videos.getByLabel('Enter YouTube video URL');

    // A link that is not a YouTube video is refused before anything is sent.
    await input.fill('https://vimeo.com/76979871');
    await videos.getByRole('button', { name: 'Add Video' }).click();
    await videos.getByText('Please enter a YouTube video link: youtube.com/watch?v=…, youtube.com/shorts/… or youtu.be/…').waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await videos.getByRole('link', { name: /vimeo/ }).count()).toBe(0);
    await input.fill('youtube.com/watch?v=short');
    await videos.getByRole('button', { name: 'Save Videos' }).click();
    await videos.getByText(/^Please enter a YouTube video link/).waitFor();
    expect((await getSettings()).mediaSettings.videos).toEqual(original.mediaSettings.videos);

    // A youtu.be link is kept in the shop's one form, the watch link.
    await input.fill(`https://youtu.be/${id}`);
    await videos.getByRole('button', { name: 'Add Video' }).click();
    await videos.getByRole('link', { name: watch }).waitFor();
    expect(await input.inputValue()).toBe('');
    await videos.getByText('Unsaved changes.').waitFor();
    await saveScreenshot(page, `admin-media-${size}`);
    await videos.getByRole('button', { name: 'Save Videos' }).click();
    await videos.getByText(`Videos saved: ${original.mediaSettings.videos.length + 1} in the gallery.`).waitFor();
    expect((await getSettings()).mediaSettings.videos).toEqual([...original.mediaSettings.videos, watch]);

    const gallery = await openStorefront(size);
    await gallery.goto(`${STOREFRONT_URL}/media`);
    await gallery.locator(`img[src*="/vi/${id}/"]`).waitFor();

    await videos.getByRole('button', { name: `Remove video ${original.mediaSettings.videos.length + 1} (${watch})` }).click();
    expect(await videos.getByRole('link', { name: watch }).count()).toBe(0);
    await videos.getByRole('button', { name: 'Save Videos' }).click();
    await videos.getByText(`Videos saved: ${original.mediaSettings.videos.length} in the gallery.`).waitFor();
    expect((await getSettings()).mediaSettings.videos).toEqual(original.mediaSettings.videos);
    await gallery.reload();
    await gallery.getByRole('heading', { name: 'Videos' }).waitFor();
    expect(await gallery.locator(`img[src*="/vi/${id}/"]`).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it.each(SIZES)('saves an uploaded image to the gallery at once, and a removal too (%s)', async (size) => {
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/media`);
    const images = page.getByRole('region', { name: 'Images' });
    await images.getByLabel('Upload images').waitFor();
    // No separate step to forget (issue 26).
    expect(await page.getByRole('button', { name: 'Save Images' }).count()).toBe(0);
    const count = original.mediaSettings.photos.length;

    await images.getByLabel('Upload images').setInputFiles({ name: `e2e-${size}.png`, mimeType: 'image/png', buffer: png });
    await images.getByText(`Uploaded e2e-${size}.png`, { exact: true }).waitFor();
    const thumb = images.getByRole('img', { name: `Image ${count + 1}`, exact: true });
    await thumb.waitFor();
    const url = (await thumb.getAttribute('src')) ?? '';
    expect(url).toMatch(/^\/api\/files\//);
    await images.getByText(`Images saved: ${count + 1} in the gallery.`).waitFor();
    const findings = (await scanAccessibility(page)).filter((f) => f.impact === 'serious' || f.impact === 'critical');
    expect(findings).toEqual([]);
    await saveScreenshot(page, `admin-media-images-${size}`);
    expect((await getSettings()).mediaSettings.photos).toEqual([...original.mediaSettings.photos, url]);
    await expectNoSidewaysScroll(page);

    const gallery = await openStorefront(size);
    await gallery.goto(`${STOREFRONT_URL}/media`);
    await gallery.locator(`img[src="${url}"]`).waitFor();

    await images.getByRole('button', { name: `Remove image ${count + 1}` }).click();
    await images.getByText(`Images saved: ${count} in the gallery.`).waitFor();
    expect((await getSettings()).mediaSettings.photos).toEqual(original.mediaSettings.photos);
    expect(errors).toEqual([]);
  });
});

describe('admin mail log', () => {
  const recipient = `outbox.${RUN}@example.tt`;
  let orderNumber = '';

  beforeAll(async () => {
    const product = (await listProducts()).find((p) => p.countInStock > 1) as ProductSummary;
    orderNumber = (await placeInPersonOrder([{ product: product._id, qty: 1 }], recipient)).orderNumber;
    // The mails go out from a background job.
    await eventually(
      () => getNotifications(admin.login.token, 'pageSize=100'),
      (page) => page.notifications.some((m) => m.recipient === recipient && m.status === 'sent'),
    );
  });

  it.each(SIZES)("lists the mails an in-person order produced, filters them by status, and pages (%s)", async (size) => {
    const { page, errors } = await admin.open(size);
    const all = await getNotifications(admin.login.token);
    const mail = all.notifications.find((m) => m.recipient === recipient);
    expect(mail).toMatchObject({ kind: 'order_placed_in_person', status: 'sent', attempts: 1, lastError: null });

    await page.goto(`${ADMIN_URL}/admin/mail-log`);
    await page.getByRole('heading', { level: 1, name: 'Mail log' }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(`${all.total} mails`, { exact: true }).waitFor();
    const row = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: recipient }) });
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      // The order by the number people read (issue 26), not its id.
      expect.arrayContaining(['Order placed (pay in person)', orderNumber, 'Sent', '1', '—']),
    );
    expect(await row.getByRole('cell').nth(5).textContent()).not.toBe('—');
    expect(await main.getByRole('row').count()).toBe(all.notifications.length + 1);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `admin-mail-log-${size}`);

    await page.getByLabel('Status').selectOption({ label: 'Sent' });
    await page.waitForURL(/\?status=sent$/);
    const sent = await getNotifications(admin.login.token, 'status=sent');
    await main.getByText(`${sent.total} sent ${sent.total === 1 ? 'mail' : 'mails'}`, { exact: true }).waitFor();
    expect(await main.locator('.mail-status').allTextContents()).toEqual(sent.notifications.map(() => 'Sent'));

    await page.getByLabel('Status').selectOption({ label: 'All mails' });
    if (all.pages > 1) {
      await main.getByRole('link', { name: 'Next' }).click();
      await main.getByText(`Page 2 of ${all.pages}`, { exact: true }).waitFor();
    } else {
      expect(await main.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it.each(SIZES)('shows a mail the mail server refused as failed, and the retry sends it (%s)', async (size) => {
    // The browser tests' SMTP server refuses the first mail to a refuse-once address for good (550).
    const refused = `refuse-once.${RUN}.${size}@example.tt`;
    const product = (await listProducts()).find((p) => p.countInStock > 1) as ProductSummary;
    await placeInPersonOrder([{ product: product._id, qty: 1 }], refused);
    const failedMail = (
      await eventually(
        () => getNotifications(admin.login.token, 'status=failed&pageSize=100'),
        (page) => page.notifications.some((m) => m.recipient === refused),
      )
    ).notifications.find((m) => m.recipient === refused);
    expect(failedMail).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failedMail?.lastError).toMatch(/550/);

    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/mail-log`);
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await page.waitForURL(/\?status=failed$/);
    const main = page.getByRole('main');
    // The URL changes before the failed list replaces the full one (which holds this mail too): look in the
    // table the failed filter drew.
    const table = main.getByRole('table', { name: /^Failed mails, page 1 of \d+$/ });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: refused }) });
    await row.getByText('Failed', { exact: true }).waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/550/)]));
    await saveScreenshot(page, `admin-mail-log-refused-${size}`);

    await row.getByRole('button', { name: `Retry the mail to ${refused}` }).click();
    await row.getByText('Queued again.').waitFor();
    const sent = await eventually(
      () => getNotifications(admin.login.token, 'status=sent&pageSize=100'),
      (page) => page.notifications.some((m) => m.recipient === refused),
    );
    expect(sent.notifications.find((m) => m.recipient === refused)).toMatchObject({ status: 'sent', attempts: 2 });

    // After a refresh the failed list no longer holds it.
    await main.getByRole('button', { name: 'Refresh' }).click();
    await main.getByRole('rowheader', { name: refused }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

import type { LoginResponse, ProductSummary, SiteSettings } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_URL, type AdminPage, apiLogin, launchBrowser, openAdminPage, screenshot, STOREFRONT_URL, VIEWPORTS, type ViewportName } from './support/admin-browser';
import { eventually, getNotifications, getSettings, listProducts, placeInPersonOrder, putSettings } from './support/shop-api';
import { makePng, serveOutsideImages } from './support/test-images';

// Site settings, media and the mail log: the owner's changes are checked on the server and in the storefront.
const SIZES = Object.keys(VIEWPORTS) as ViewportName[];
const RUN = Date.now().toString(36);

let browser: Browser;
let login: LoginResponse;
let png: Buffer;
let original: SiteSettings;
let opened: AdminPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  login = await apiLogin();
  png = await makePng();
  original = await getSettings();
});

afterEach(async () => {
  await Promise.all(opened.map((o) => o.context.close()));
  opened = [];
});

afterAll(async () => {
  // The stack is shared by every test file of the run: leave the settings as they were found.
  if (original) await putSettings(original, login.token);
  await browser?.close();
});

async function open(size: ViewportName): Promise<AdminPage> {
  const o = await openAdminPage(browser, size, login);
  await serveOutsideImages(o.context, png);
  opened.push(o);
  return o;
}

/** A storefront tab as a shopper (no admin login), with an optional cart put in its storage first. */
async function openStorefront(size: ViewportName, cart?: unknown[]): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[size] });
  await serveOutsideImages(context, png);
  if (cart) {
    await context.addInitScript((items) => localStorage.setItem('cartItems', items), JSON.stringify({ state: { cartItems: cart }, version: 0 }));
  }
  const page = await context.newPage();
  opened.push({ context, page, errors: [] });
  return page;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe('site settings', () => {
  it.each(SIZES)('saves the banner heading and delivery cost, and the storefront shows them (%s)', async (size) => {
    const { page, errors } = await open(size);
    const heading = `E2E Glow ${size} ${RUN}`;
    const cost = size === 'phone' ? { typed: '1234.5', shown: '1,234.50', value: 1234.5 } : { typed: '48.7', shown: '48.70', value: 48.7 };

    await page.goto(`${ADMIN_URL}/admin/controls`);
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Go to Home', exact: true }).getAttribute('href')).toBe('/admin/');
    for (const section of ['Home Settings', 'Our Product Information Settings', 'Contact Settings', 'Payment Settings']) {
      await page.getByRole('group', { name: section }).waitFor();
    }
    // The form starts from the server's record.
    expect(await page.getByLabel('Banner 1 heading', { exact: true }).inputValue()).toBe(original.homeSettings.bannerHeading_a);
    expect(await page.getByLabel('Product description 1').getAttribute('rows')).toBe('6');
    expect(await page.getByLabel('Phone', { exact: true }).getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('WhatsApp').getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('Facebook').getAttribute('type')).toBe('url');
    expect(await page.getByLabel('Instagram').getAttribute('type')).toBe('url');

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
    await page.getByRole('img', { name: 'Banner 2 image preview' }).waitFor();
    const uploaded = await bannerUrl.inputValue();
    expect(uploaded).toMatch(/^\/api\/files\//);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('heading', { name: 'Settings saved successfully' }).waitFor();
    await page.getByRole('link', { name: 'Go to Home Screen' }).waitFor();
    // The toast says the same, and never lies over the Logout button.
    const toastBox = await page.locator('.toaster__toast', { hasText: 'Settings saved successfully' }).boundingBox();
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

    const saved = await getSettings();
    expect(saved.homeSettings.bannerHeading_a).toBe(heading);
    expect(saved.paymentSettings.deliveryCost).toBe(cost.value);
    expect(saved.homeSettings.bannerImage_b).toBe(uploaded);
    expect(saved.contactSettings).toEqual(original.contactSettings);
    expect(saved.mediaSettings).toEqual(original.mediaSettings);
    // Reloaded from the server after the save.
    expect(await page.getByLabel('Banner 1 heading', { exact: true }).inputValue()).toBe(heading);
    expect(await delivery.inputValue()).toBe(cost.shown);
    await noSidewaysScroll(page);
    await screenshot(page, `admin-settings-${size}`);

    const home = await openStorefront(size);
    await home.goto(`${STOREFRONT_URL}/`);
    await home.getByRole('heading', { name: heading }).waitFor();

    const product = (await listProducts()).find((p) => p.countInStock > 1) as ProductSummary;
    const checkout = await openStorefront(size, [
      { product: product._id, name: product.name, image: product.image, price: product.price, countInStock: product.countInStock, qty: 1 },
    ]);
    await checkout.goto(`${STOREFRONT_URL}/checkout`);
    const deliveryRow = checkout.getByRole('row', { name: /^Delivery/ });
    await deliveryRow.waitFor();
    expect(await deliveryRow.getByRole('cell').textContent()).toBe(formatTTD(cost.value));
    expect(errors).toEqual([]);

    await putSettings(original, login.token);
  });

  const required: Array<[string, string]> = [
    ['Banner 1 image URL', 'Banner 1 image is required'],
    ['Banner 1 heading', 'Banner 1 heading is required'],
    ['Banner 1 sub heading', 'Banner 1 sub heading is required'],
    ['Banner 1 button', 'Banner 1 button is required'],
    ['Banner 2 image URL', 'Banner 2 image is required'],
    ['Banner 2 heading', 'Banner 2 heading is required'],
    ['Banner 2 sub heading', 'Banner 2 sub heading is required'],
    ['Banner 2 button', 'Banner 2 button is required'],
    ['Product description 1', 'Product description 1 is required'],
    ['Product description 2', 'Product description 2 is required'],
    ['Phone', 'Phone is required'],
    ['WhatsApp', 'WhatsApp is required'],
    ['Facebook', 'Facebook is required'],
    ['Instagram', 'Instagram is required'],
    ['Delivery cost (TT$)', 'Delivery cost is required'],
  ];

  it.each(SIZES)('refuses the form while any field is empty or wrong, and saves nothing (%s)', async (size) => {
    const { page, errors } = await open(size);
    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/controls/')) puts += 1;
    });
    const before = await getSettings();
    await page.goto(`${ADMIN_URL}/admin/controls`);
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    const summary = page.getByRole('alert').filter({ hasText: 'Nothing was saved' });

    for (const [label, message] of required) {
      const input = page.getByLabel(label, { exact: true });
      const kept = await input.inputValue();
      expect(kept).not.toBe('');
      await input.fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      expect(await summary.textContent()).toBe('Nothing was saved: please fix the highlighted field.');
      await page.getByText(message, { exact: true }).waitFor();
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      // The wrong field takes the focus, so a keyboard user lands on it.
      await page.waitForFunction((name) => document.activeElement?.id === name, await input.getAttribute('id'));
      await input.fill(kept);
    }

    // A wrong value, not only a missing one, names the rule broken.
    await page.getByLabel('Facebook').fill('http://facebook.com/islandglow');
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await summary.textContent()).toBe('Nothing was saved: please fix the 2 highlighted fields.');
    await page.getByText('Facebook must be an https URL (https://...)').waitFor();
    await page.getByText('Phone must have 7 to 15 digits').waitFor();
    await noSidewaysScroll(page);
    if (size === 'phone') await screenshot(page, 'admin-settings-errors-phone');

    expect(puts).toBe(0);
    expect(await getSettings()).toEqual(before);
    expect(await page.getByText('Settings saved successfully').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('admin media', () => {
  const videoIds: Record<ViewportName, string> = { phone: 'e2ePhoneVid', desktop: 'e2eDeskVid1' };

  it.each(SIZES)('adds a YouTube video, shows it in the storefront gallery, then removes it (%s)', async (size) => {
    const { page, errors } = await open(size);
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
    await screenshot(page, `admin-media-${size}`);
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

  it.each(SIZES)('uploads an image, saves it to the gallery, and removes it again (%s)', async (size) => {
    const { page, errors } = await open(size);
    await page.goto(`${ADMIN_URL}/admin/media`);
    await page.getByRole('button', { name: 'Save Images' }).waitFor();
    const images = page.getByRole('region', { name: 'Images' });
    const count = original.mediaSettings.photos.length;

    await images.getByLabel('Upload images').setInputFiles({ name: `e2e-${size}.png`, mimeType: 'image/png', buffer: png });
    await images.getByText(`Uploaded e2e-${size}.png`, { exact: true }).waitFor();
    const thumb = images.getByRole('img', { name: `Image ${count + 1}`, exact: true });
    await thumb.waitFor();
    const url = (await thumb.getAttribute('src')) ?? '';
    expect(url).toMatch(/^\/api\/files\//);
    await images.getByRole('button', { name: 'Save Images' }).click();
    await images.getByText(`Images saved: ${count + 1} in the gallery.`).waitFor();
    expect((await getSettings()).mediaSettings.photos).toEqual([...original.mediaSettings.photos, url]);
    await noSidewaysScroll(page);

    const gallery = await openStorefront(size);
    await gallery.goto(`${STOREFRONT_URL}/media`);
    await gallery.locator(`img[src="${url}"]`).waitFor();

    await images.getByRole('button', { name: `Remove image ${count + 1}` }).click();
    await images.getByRole('button', { name: 'Save Images' }).click();
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
      () => getNotifications(login.token, 'pageSize=100'),
      (page) => page.notifications.some((m) => m.recipient === recipient && m.status === 'sent'),
    );
  });

  it.each(SIZES)("lists the mails an in-person order produced, filters them by status, and pages (%s)", async (size) => {
    const { page, errors } = await open(size);
    const all = await getNotifications(login.token);
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
    await noSidewaysScroll(page);
    await screenshot(page, `admin-mail-log-${size}`);

    await page.getByLabel('Status').selectOption({ label: 'Sent' });
    await page.waitForURL(/\?status=sent$/);
    const sent = await getNotifications(login.token, 'status=sent');
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
        () => getNotifications(login.token, 'status=failed&pageSize=100'),
        (page) => page.notifications.some((m) => m.recipient === refused),
      )
    ).notifications.find((m) => m.recipient === refused);
    expect(failedMail).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failedMail?.lastError).toMatch(/550/);

    const { page, errors } = await open(size);
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
    await screenshot(page, `admin-mail-log-refused-${size}`);

    await row.getByRole('button', { name: `Retry the mail to ${refused}` }).click();
    await row.getByText('Queued again.').waitFor();
    const sent = await eventually(
      () => getNotifications(login.token, 'status=sent&pageSize=100'),
      (page) => page.notifications.some((m) => m.recipient === refused),
    );
    expect(sent.notifications.find((m) => m.recipient === refused)).toMatchObject({ status: 'sent', attempts: 2 });

    // After a refresh the failed list no longer holds it.
    await main.getByRole('button', { name: 'Refresh' }).click();
    await main.getByRole('rowheader', { name: refused }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});

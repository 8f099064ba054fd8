import type { Page } from 'playwright-core';
import { saveScreenshot, scanAccessibility, SIZES, type ViewportName } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';
import { adminToken } from './support/shop-admin';

/**
 * Issue 25: the footer (social links, hours, pick-up address, the owner's pages), the pages themselves, Media left
 * out of the navigation while the gallery is empty, and the home page's reviews from shoppers.
 */
const open = useBrowserPages();

type Settings = {
  _id: string;
  mediaSettings: { photos: string[]; videos: string[] };
  shopSettings: { openingHours: string; pickupAddress: string };
  pageSettings: { delivery: string; returns: string; privacy: string };
};

const SHOP = { openingHours: 'Mon–Sat 9 am – 6 pm\nClosed Sundays', pickupAddress: '12 Frederick Street\nPort of Spain' };
const PAGES = {
  delivery: 'We deliver island-wide, <b>Monday to Saturday</b>.\n\nPick-up at the shop is free.\nJust bring your order number.',
  returns: 'Unopened products within 7 days. <script>alert("x")</script>',
  privacy: 'We keep only what your order needs.',
};

async function controls(): Promise<Settings> {
  return ((await (await fetch(`${STOREFRONT_URL}/api/controls`)).json()) as Settings[])[0];
}

async function patchSettings(token: string, sections: Partial<Settings>): Promise<void> {
  const { _id } = await controls();
  const res = await fetch(`${STOREFRONT_URL}/api/controls/${_id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(sections),
  });
  if (res.status !== 200) throw new Error(`PATCH settings answered ${res.status}: ${await res.text()}`);
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  const findings = (await scanAccessibility(page)).filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect({ what, findings }).toEqual({ what, findings: [] });
}

/** The main navigation's links, with the phone's menu opened first. */
async function mainNavLinks(page: Page, name: ViewportName): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (name === 'phone') {
    const menu = nav.getByRole('button', { name: 'Menu' });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  return (await nav.locator('.main-nav__links a').allInnerTexts()).map((t) => t.trim());
}

describe('storefront footer, pages and reviews from shoppers (issue 25)', () => {
  let token: string;
  let before: Settings;

  beforeAll(async () => {
    token = await adminToken();
    before = await controls();
    await patchSettings(token, { shopSettings: SHOP, pageSettings: PAGES, mediaSettings: { photos: [], videos: [] } });
  });

  afterAll(async () => {
    await patchSettings(token, { shopSettings: before.shopSettings, pageSettings: before.pageSettings, mediaSettings: before.mediaSettings });
  });

  it.each(SIZES)('shows hours, pick-up address, social links and the pages in the footer; Media hidden while empty (%s)', async (name) => {
    const { page, errors } = await open(name);
    await page.goto(`${STOREFRONT_URL}/`);
    const footer = page.getByRole('contentinfo');
    await footer.getByText('12 Frederick Street').waitFor();
    expect(await footer.locator('address').innerText()).toBe('12 Frederick Street\nPort of Spain');
    expect(await footer.getByText('Closed Sundays', { exact: false }).count()).toBe(1);
    const social = footer.getByRole('list', { name: 'Follow us' });
    expect(await social.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toMatch(/^https:\/\/www\.facebook\.com\//);
    expect(await social.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toMatch(/^https:\/\/www\.instagram\.com\//);
    expect(await social.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/1868\d{7}\?text=/);
    const help = footer.getByRole('navigation', { name: 'Help' });
    expect(await help.getByRole('link').allInnerTexts()).toEqual(['Delivery', 'Returns and Refunds', 'Privacy']);

    // The gallery is empty: no Media link anywhere, in the server's HTML either.
    expect(await mainNavLinks(page, name)).toEqual(['Home', 'Products', 'Track Orders', 'Contact Us']);
    expect(await footer.getByRole('link', { name: 'Media', exact: true }).count()).toBe(0);
    const html = await (await fetch(`${STOREFRONT_URL}/`)).text();
    expect(html).toContain('12 Frederick Street');
    expect(html).toContain('href="/delivery"');
    expect(html).not.toContain('href="/media"');
    if (name === 'phone') await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
    await expectAccessible(page, `home footer (${name})`);
    await footer.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `storefront-footer-${name}`);

    // The owner's delivery page: paragraphs at blank lines, line breaks kept, markup shown as the text it is.
    await help.getByRole('link', { name: 'Delivery' }).click();
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
    const paragraphs = main.locator('.shop-page__text');
    // Reached by a link, the page's text arrives after its heading.
    await paragraphs.nth(1).waitFor();
    expect(await paragraphs.count()).toBe(2);
    expect(await paragraphs.nth(0).innerText()).toBe('We deliver island-wide, <b>Monday to Saturday</b>.');
    expect(await paragraphs.nth(1).innerText()).toBe('Pick-up at the shop is free.\nJust bring your order number.');
    expect(await main.locator('b').count()).toBe(0);
    expect(await page.title()).toBe('Delivery | Island Glow');
    await expectAccessible(page, `delivery page (${name})`);
    await saveScreenshot(page, `storefront-delivery-page-${name}`);
    expect(errors).toEqual([]);
  });

  it('renders the pages on the server, escaped, and lists them in the sitemap', async () => {
    const res = await fetch(`${STOREFRONT_URL}/returns`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    expect(root).toContain('<h1 class="section-heading__title">Returns and Refunds</h1>');
    expect(root).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(root).not.toContain('<script>alert');
    expect(html).toContain('<title>Returns and Refunds | Island Glow</title>');
    const privacy = await (await fetch(`${STOREFRONT_URL}/privacy`)).text();
    expect(privacy).toContain('We keep only what your order needs.');
    const sitemap = await (await fetch(`${STOREFRONT_URL}/sitemap.xml`)).text();
    for (const path of ['/delivery', '/returns', '/privacy']) expect(sitemap).toContain(`${STOREFRONT_URL}${path}</loc>`);
  });

  it.each(SIZES)('shows Media in the navigation once the gallery has a photo (%s)', async (name) => {
    const [product] = await fetchProducts();
    await patchSettings(token, { mediaSettings: { photos: [product.image], videos: [] } });
    try {
      const { page } = await open(name);
      await page.goto(`${STOREFRONT_URL}/cart`);
      // A page drawn in the browser (the cart) learns it from the settings too.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Media', exact: true }).waitFor();
      expect(await mainNavLinks(page, name)).toEqual(['Home', 'Products', 'Media', 'Track Orders', 'Contact Us']);
      expect(await (await fetch(`${STOREFRONT_URL}/`)).text()).toContain('href="/media"');
    } finally {
      await patchSettings(token, { mediaSettings: { photos: [], videos: [] } });
    }
  });

  it.each(SIZES)('shows recent reviews from shoppers on the home page, linked to their products (%s)', async (name) => {
    const products = await fetchProducts();
    const [first, second] = products.filter((p) => p.countInStock > 0);
    const write = async (productId: string, visitor: string, body: object) => {
      const res = await fetch(`${STOREFRONT_URL}/api/products/review/${productId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-visitor-id': visitor },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    };
    // Visitor ids are uid- and 12 characters.
    const visitor = (n: number) => `uid-${name.padEnd(7, 'x').slice(0, 7)}Rev0${n}`;
    await write(first._id, visitor(1), { name: 'Keisha Mohammed', rating: 5, comment: `Love it (${name})` });
    await write(second._id, visitor(2), { name: 'Ravi', rating: 1, comment: `Not for me (${name})` });

    const html = await (await fetch(`${STOREFRONT_URL}/`)).text();
    expect(html).toContain('Reviews from shoppers');
    expect(html).toContain(`Love it (${name})`);
    expect(html).not.toContain(`Not for me (${name})`);

    const { page, errors } = await open(name);
    await page.goto(`${STOREFRONT_URL}/`);
    const section = page.getByRole('region', { name: 'Reviews from shoppers' });
    const card = section.getByRole('listitem').filter({ hasText: `Love it (${name})` });
    await card.waitFor();
    expect(await card.innerText()).toContain('Keisha');
    expect(await card.innerText()).not.toContain('Mohammed');
    expect(await card.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, `home reviews (${name})`);
    await saveScreenshot(page, `storefront-home-reviews-${name}`);
    await card.getByRole('link', { name: first.name }).click();
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/product/${first._id}`);
    expect(errors).toEqual([]);
  });
});

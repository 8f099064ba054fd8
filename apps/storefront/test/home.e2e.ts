import type { ProductPage, ProductSummary } from '@shop/contracts';
import { saveScreenshot, SIZES, ttd } from '@shop/browser-testing';
import { gotoInApp, STOREFRONT_URL, useBrowserPages } from './support/browser';

const open = useBrowserPages();

async function productPage(query: string): Promise<ProductSummary[]> {
  const response = await fetch(`${STOREFRONT_URL}/api/products?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as ProductPage).products;
}

describe('storefront home', () => {
  it.each(SIZES)('shows the banner, trending and newest products with TT$ prices (%s)', async (name) => {
    const trending = await productPage('sort=trending&pageSize=10');
    const newest = await productPage('sort=newest&pageSize=6');
    const { page, errors } = await open(name);

    await page.goto(`${STOREFRONT_URL}/`);
    await page.getByRole('heading', { level: 2, name: 'Welcome To' }).waitFor();
    // No live code is on the banner: no slide promises a saving (the spec's default "10% OFF / On All Items" is
    // replaced by what the shop does promise), and the server's HTML says the same.
    expect(await page.getByText(/% OFF|On All Items/i).count()).toBe(0);
    await page.getByRole('group', { name: '2 of 2' }).getByRole('heading', { level: 2, name: 'Made for Island Hair & Skin' }).waitFor({ state: 'attached' });
    const html = await (await fetch(`${STOREFRONT_URL}/`)).text();
    const rendered = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    expect(rendered).toContain('Made for Island Hair &amp; Skin');
    expect(rendered).not.toMatch(/% OFF|On All Items/i);
    // Nor in a picture: the spec's default second picture prints "10% OFF" on its jar.
    expect(rendered).not.toContain('/images/Model2.png');

    const trendingRegion = page.getByRole('region', { name: "What's Trending?" });
    await trendingRegion.getByRole('heading', { level: 3, name: trending[0].name, exact: true }).waitFor();
    expect(await trendingRegion.getByRole('article').count()).toBe(trending.length);
    for (const product of trending) {
      const card = trendingRegion.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
      const text = await card.innerText();
      expect(text).toContain(ttd(product.price));
      const struck = card.locator('del');
      if (product.oldprice > 0) expect(await struck.innerText()).toContain(ttd(product.oldprice));
      else expect(await struck.count()).toBe(0);
    }
    const newestRegion = page.getByRole('region', { name: 'Newest Additions' });
    expect(await newestRegion.getByRole('article').count()).toBe(newest.length);
    await page.getByRole('heading', { level: 2, name: 'Our Product' }).waitFor();

    // Money is only ever shown as TT$: no bare dollar sign anywhere on the page.
    expect(await page.locator('body').innerText()).not.toMatch(/(?<!TT)\$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    if (name === 'phone') {
      expect(await nav.getByRole('link', { name: 'Track Orders' }).isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
    } else {
      expect(await menu.isVisible()).toBe(false);
    }
    for (const link of ['Home', 'Products', 'Track Orders', 'Contact Us', 'Cart']) {
      expect(await nav.getByRole('link', { name: link, exact: true }).isVisible()).toBe(true);
    }
    // Media is in the navigation only while the gallery has a photo or a video (issue 25).
    const [controls] = (await (await fetch(`${STOREFRONT_URL}/api/controls`)).json()) as Array<{ mediaSettings: { photos: string[]; videos: string[] } }>;
    const hasMedia = controls.mediaSettings.photos.length + controls.mediaSettings.videos.length > 0;
    expect(await nav.getByRole('link', { name: 'Media', exact: true }).count()).toBe(hasMedia ? 1 : 0);
    if (name === 'phone') {
      // Any click outside the open menu closes it.
      await page.getByRole('contentinfo').getByText('Prices in Trinidad and Tobago dollars').click();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.getByRole('link', { name: 'Track Orders' }).isVisible()).toBe(false);
    }

    await saveScreenshot(page, `storefront-home-${name}`);

    // View All opens the products screen.
    await page.getByRole('link', { name: 'View All' }).click();
    await page.getByRole('heading', { level: 1, name: 'Explore Our Products' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("shows the server's message when the products cannot be loaded", async () => {
    const { page } = await open('phone');
    await page.route('**/api/products?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Catalogue is resting' }) }),
    );

    await gotoInApp(page, '/');

    const alert = page.getByRole('alert').first();
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Oops, an error occurred: Catalogue is resting');
  });

  it('sends unknown paths to the Page Not Found screen, which links home', async () => {
    const { page } = await open('desktop');

    await page.goto(`${STOREFRONT_URL}/no-such-page`);

    await page.getByRole('heading', { name: 'Page Not Found.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/`);
  });
});

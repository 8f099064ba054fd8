import type { ProductSummary } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { SIZES } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';

/** What React reports when the page and its first browser render differ (dev text, or prod error codes). */
const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;

/** The app's chunk (app/start.tsx): held back by `holdApp` until the test lets it through. */
const APP_CHUNK = /\/assets\/start-[^/]+\.js$/;

/**
 * A server-rendered page before the React app has run (main.tsx loads it on the first interaction): the first
 * view fetches no app code, the cart badge and the phone menu work, and every control is plain HTML the server
 * answers (the searches, the type filter, the quantity stepper, Add to Cart), so nothing done before the app runs
 * waits for it or is lost. The app's chunk is held back to make "before" last as long as the test needs.
 */
describe.each(SIZES)('a server-rendered page before the app runs (%s)', (viewport) => {
  const open = useBrowserPages();
  let products: ProductSummary[];

  beforeAll(async () => {
    products = await fetchProducts();
  });

  /** Opens `path` without the test helpers' interaction (page.goto would start the app); the app is held back. */
  async function openHeld(path: string, setup?: (page: Page) => Promise<unknown>) {
    const { page, errors } = await open(viewport);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    const appRequests: string[] = [];
    await page.route(APP_CHUNK, async (route) => {
      appRequests.push(route.request().url());
      await released;
      await route.continue();
    });
    await setup?.(page);
    await page.goto(`${STOREFRONT_URL}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.early === 'true');
    const hydrated = async () => {
      release();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // React hydrates in passes; let it report what it found.
      await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true), 50))));
    };
    const problems = () => [...errors, ...messages.filter((line) => HYDRATION_PROBLEM.test(line))];
    return { page, appRequests, hydrated, problems };
  }

  it('draws the stored cart badge without the app, keeps it and the scroll through hydration, and never asks for the app without an interaction', async () => {
    const [a, b] = products;
    if (!a || !b) throw new Error('the demo data has fewer than two products');
    const { page, appRequests, hydrated, problems } = await openHeld('/', (p) =>
      p.addInitScript(
        (lines) => {
          if (!localStorage.getItem('cartItems')) localStorage.setItem('cartItems', JSON.stringify({ state: { cartItems: lines }, version: 0 }));
        },
        [a, b].map((p) => ({ product: p._id, name: p.name, image: p.image, price: p.price, countInStock: p.countInStock, qty: 1 })),
      ),
    );
    const cart = page.getByRole('link', { name: /^Cart 2 items$/ });
    await cart.waitFor();
    await page.waitForLoadState('networkidle');
    expect(appRequests).toEqual([]);

    await page.evaluate(() => window.scrollTo({ top: 400 }));
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => document.documentElement.dataset.early === 'true');
    await hydrated();
    expect(appRequests).toHaveLength(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await cart.waitFor();
    expect(problems()).toEqual([]);
  });

  it('searches from the header as a plain form before the app, landing on the search', async () => {
    const { page, appRequests } = await openHeld('/');
    if (viewport === 'phone') {
      // The search sits in the folded menu: the early script opens it.
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    }
    const search = page.getByRole('search', { name: 'Site' }).getByRole('searchbox', { name: 'Search products' });
    await search.fill('coconut');
    await search.press('Enter');
    await page.waitForURL(`${STOREFRONT_URL}/products/coconut`);
    await page.getByRole('heading', { level: 1, name: 'Explore Our Products' }).waitFor();
    expect(await page.getByRole('search', { name: 'Products' }).getByRole('searchbox').inputValue()).toBe('coconut');
    // The first page was left before the held app ever ran.
    expect(appRequests.length).toBeLessThanOrEqual(1);
  });

  it('filters by type as soon as a type is chosen, before the app and without a pointer or key (selectOption)', async () => {
    const lipBalms = products.filter((p) => p.type === 'Lip Balm');
    expect(lipBalms.length).toBeGreaterThan(0);
    expect(lipBalms.length).toBeLessThan(products.length);
    const { page, appRequests } = await openHeld('/products');
    const main = page.getByRole('main');
    await main.getByRole('article').first().waitFor();
    // A choice that comes with no pointer or key event (a screen reader, an automated select): the form is sent.
    await main.getByLabel('Filter by type').selectOption('Lip Balm');
    await page.waitForURL(`${STOREFRONT_URL}/products?type=Lip+Balm`);
    await page.waitForFunction((n) => document.querySelectorAll('main article').length === n, lipBalms.length);
    for (const balm of lipBalms) await main.getByRole('heading', { level: 3, name: balm.name, exact: true }).waitFor();
    expect(await main.getByLabel('Filter by type').inputValue()).toBe('Lip Balm');
    // The server answered it: the held app was never needed.
    expect(appRequests).toEqual([]);
  });

  it('takes the quantity stepper and Add to Cart tapped before the app to the cart, with the chosen quantity', async () => {
    const product = products.find((p) => p.countInStock >= 3);
    if (!product) throw new Error('no product with three in stock');
    const { page, hydrated, problems } = await openHeld(`/product/${product._id}`);
    const plus = page.getByRole('button', { name: 'One more' });
    // Each tap before the app is a plain form: the page comes back with the next quantity.
    await plus.click();
    await page.waitForURL(`${STOREFRONT_URL}/product/${product._id}?qty=2`);
    await page.waitForFunction(() => document.documentElement.dataset.early === 'true');
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    // The cart screen (drawn by the app) adds the line, then drops the parameters from its address.
    await hydrated();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    await page.getByRole('main').getByText(product.name).first().waitFor();
    const lines = await page.evaluate(() => (JSON.parse(localStorage.getItem('cartItems') ?? '{}') as { state: { cartItems: Array<{ product: string; qty: number }> } }).state.cartItems);
    expect(lines).toEqual([expect.objectContaining({ product: product._id, qty: 2 })]);
    await page.getByRole('link', { name: /^Cart 1 item$/ }).waitFor();
    expect(problems()).toEqual([]);
  });

  it('chooses the quantity and adds to the cart in the app once it runs, without a page load', async () => {
    const product = products.find((p) => p.countInStock >= 2);
    if (!product) throw new Error('no product with two in stock');
    const { page, hydrated, problems } = await openHeld(`/product/${product._id}`);
    await page.keyboard.press('Shift');
    await hydrated();
    await page.getByRole('button', { name: 'One more' }).click();
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
    expect(page.url()).toBe(`${STOREFRONT_URL}/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    const lines = await page.evaluate(() => (JSON.parse(localStorage.getItem('cartItems') ?? '{}') as { state: { cartItems: Array<{ product: string; qty: number }> } }).state.cartItems);
    expect(lines).toEqual([expect.objectContaining({ product: product._id, qty: 2 })]);
    expect(problems()).toEqual([]);
  });
});

describe('the phone menu before the app runs', () => {
  const open = useBrowserPages();

  it('opens without the app, stays open through hydration, and the app then closes it', async () => {
    const { page, errors } = await open('phone');
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route(APP_CHUNK, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${STOREFRONT_URL}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.early === 'true');
    const menu = page.getByRole('button', { name: 'Menu' });
    const products = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' });
    await menu.click();
    await products.waitFor({ state: 'visible' });
    expect(await menu.getAttribute('aria-expanded')).toBe('true');

    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true), 50))));
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await products.waitFor({ state: 'visible' });
    await menu.click();
    await products.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect([...errors, ...messages.filter((line) => HYDRATION_PROBLEM.test(line))]).toEqual([]);
  });
});

import type { ProductSummary } from '@shop/contracts';
import { SIZES, ttd } from '@shop/browser-testing';
import { fetchProducts, STOREFRONT_URL, useBrowserPages } from './support/browser';

/** What React reports when the server's HTML and the first browser render differ (dev text, or prod error codes). */
const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;

/**
 * Server-rendered screens come alive in the browser without a mismatch: React keeps the server's elements (the
 * very heading the HTML parser made is still in the page) and nothing about hydration reaches the console.
 */
describe.each(SIZES)('hydration of server-rendered screens (%s)', (viewport) => {
  const open = useBrowserPages();
  let products: ProductSummary[];

  beforeAll(async () => {
    products = await fetchProducts();
  });

  async function visit(path: string, heading: RegExp | string) {
    const { page, errors } = await open(viewport);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    // Keeps the first h1 the HTML parser made, before any script runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as { __ssrHeading?: Element | null }).__ssrHeading = document.querySelector('h1');
      });
    });
    await page.goto(`${STOREFRONT_URL}${path}`, { waitUntil: 'load' });
    // Hydrated: React's handlers are on the nodes (React marks hydrated DOM nodes with its own keys).
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
    });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // Let React finish its hydration passes (it yields between them) and report what it found.
    await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(true), 50))));
    const kept = await page.evaluate(() => {
      const first = (window as { __ssrHeading?: Element | null }).__ssrHeading;
      return Boolean(first && first.isConnected && first === document.querySelector('h1'));
    });
    return { page, errors, messages, kept };
  }

  it.each([
    ['/', /Island Glow|Glow/],
    ['/products', 'Explore Our Products'],
    ['/products/coconut', 'Explore Our Products'],
    ['/media', 'Media'],
    ['/contact', /Contact/],
  ])('%s hydrates over the server HTML without a warning', async (path, heading) => {
    const { messages, errors, kept } = await visit(path, heading);
    expect(messages.filter((line) => HYDRATION_PROBLEM.test(line))).toEqual([]);
    expect(errors).toEqual([]);
    expect(kept).toBe(true);
  });

  it('a product page hydrates without a warning and its buttons work', async () => {
    const product = products.find((p) => p.countInStock > 0);
    if (!product) throw new Error('no product in stock');
    const { page, messages, errors, kept } = await visit(`/product/${product._id}`, product.name);
    expect(messages.filter((line) => HYDRATION_PROBLEM.test(line))).toEqual([]);
    expect(errors).toEqual([]);
    expect(kept).toBe(true);
    await page.getByText(ttd(product.price)).first().waitFor();
    await page.getByRole('button', { name: /add to cart/i }).click();
    await page.waitForURL(`${STOREFRONT_URL}/cart`);
    await page.getByRole('link', { name: product.name }).first().waitFor();
  });
});

describe("server-rendered screens under the shop host's Content-Security-Policy", () => {
  const open = useBrowserPages();
  it('carry no script the policy blocks, and hydrate under it without a violation', async () => {
    // The storefront's server sends the policy itself (the edge proxy adds nothing and removes nothing): no inline script.
    const shopPolicy = (await fetch(`${STOREFRONT_URL}/`)).headers.get('content-security-policy') ?? '';
    expect(shopPolicy).toContain("script-src 'self';");
    const products = await fetchProducts();
    const product = products[0];
    if (!product) throw new Error('no product');
    const { context, page } = await open('phone');
    const violations: string[] = [];
    await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    for (const path of ['/', '/products', `/product/${product._id}`]) {
      // goto waits for the app's hydrated mark (support/browser.ts): the app ran under the policy.
      await page.goto(`${STOREFRONT_URL}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(violations).toEqual([]);
  });
});

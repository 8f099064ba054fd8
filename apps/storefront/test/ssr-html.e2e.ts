import type { Product, ProductSummary } from '@shop/contracts';
import sharp from 'sharp';
import { fetchProducts, STOREFRONT_URL } from './support/browser';
import { adminToken, createProduct, deleteProduct } from './support/shop-admin';

/**
 * The storefront's SSR server (started by the e2e setup as in production) read without JavaScript: what a crawler
 * or a link preview (WhatsApp, Facebook) gets.
 */
describe('storefront server-rendered pages', () => {
  const shop = STOREFRONT_URL;
  let products: ProductSummary[];

  beforeAll(async () => {
    products = await fetchProducts();
  });

  const getHtml = async (path: string) => {
    const res = await fetch(shop + path);
    return { status: res.status, html: await res.text(), headers: res.headers };
  };

  /** The content of `<meta property|name="key" content="…">` (the server writes attributes in that order). */
  const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

  const jsonLdOf = (html: string) => {
    const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1] ?? 'null') as Record<string, any>) : undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('renders every product page with its name, price, picture and JSON-LD in the HTML', async () => {
    expect(products.length).toBeGreaterThan(5);
    for (const product of products) {
      const { status, html, headers } = await getHtml(`/product/${product._id}`);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toContain('text/html');
      // Asked again by the browser on every visit (never shown from a kept copy), kept briefly by the edge proxy
      // through its own header.
      expect(headers.get('cache-control')).toBe('public, no-cache');
      expect(headers.get('x-accel-expires')).toMatch(/^\d+$/);
      const price = `TT$${product.price.toFixed(2)}`;
      // In the page itself (the rendered screen), not only in the head.
      const body = html.slice(html.indexOf('<div id="root">'));
      expect(body).toContain(`<h1 class="product-detail__name">${product.name.replace(/&/g, '&amp;')}</h1>`);
      expect(body).toContain(price.replace(/(\d)(?=(\d{3})+\.)/g, '$1,'));
      expect(html).toContain(`<title>${product.name.replace(/&/g, '&amp;')} | Island Glow</title>`);
      expect(metaOf(html, 'description')).toBeTruthy();
      expect(html).toContain(`<link rel="canonical" href="${shop}/product/${product._id}" />`);
      expect(metaOf(html, 'og:title')).toBe(`${product.name} | Island Glow`.replace(/&/g, '&amp;'));
      expect(metaOf(html, 'og:type')).toBe('product');
      expect(metaOf(html, 'og:price:amount')).toBe(product.price.toFixed(2));
      expect(metaOf(html, 'og:price:currency')).toBe('TTD');
      expect(metaOf(html, 'product:availability')).toBe(product.countInStock > 0 ? 'in stock' : 'out of stock');
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      const ogImage = metaOf(html, 'og:image');
      expect(ogImage).toBe(`${shop}/og/product/${product._id}.jpg`);
      expect(metaOf(html, 'twitter:image')).toBe(ogImage);
      expect(metaOf(html, 'og:image:width')).toBe('1200');

      const ld = jsonLdOf(html);
      const { options, variants } = (await (await fetch(`${shop}/api/products/${product._id}`)).json()) as Product;
      if (options.length === 0) {
        expect(ld).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          offers: {
            '@type': 'Offer',
            price: product.price.toFixed(2),
            priceCurrency: 'TTD',
            availability: product.countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          },
        });
      } else {
        // Issue 28: a product with options is a ProductGroup, each variant a Product with its own offer.
        expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'ProductGroup', name: product.name, productGroupID: product._id });
        expect(ld?.hasVariant.map((v: { offers: { price: string; availability: string } }) => [v.offers.price, v.offers.availability])).toEqual(
          variants.map((v) => [v.price.toFixed(2), v.countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock']),
        );
      }
      // The route data the browser hydrates from travels in the page, as JSON (no inline script to run).
      expect(html).toMatch(/<script type="application\/json" id="ssr-data">/);
    }
  });

  it('serves each product picture for link previews as a 1200 px wide JPEG', async () => {
    for (const product of products.slice(0, 3)) {
      const res = await fetch(`${shop}/og/product/${product._id}.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    }
    expect((await fetch(`${shop}/og/product/00000000-0000-4000-8000-000000000000.jpg`)).status).toBe(404);
  });

  it('answers a missing product with a 404 page that search engines do not index', async () => {
    const { status, html, headers } = await getHtml('/product/00000000-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(metaOf(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('application/ld+json');
  });

  it('lists every active product in sitemap.xml, and robots.txt points at it', async () => {
    const active = await fetchProducts();
    const res = await fetch(`${shop}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const product of active) expect(locs).toContain(`${shop}/product/${product._id}`);
    expect(locs).toContain(`${shop}/`);
    expect(locs.filter((loc) => loc?.includes('/product/'))).toHaveLength(active.length);

    const robots = await (await fetch(`${shop}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${shop}/sitemap.xml`);
    expect(robots).toContain('Disallow: /checkout');
  });

  it('adds a new product to the sitemap and drops it once deleted', async () => {
    const token = await adminToken();
    const added = await createProduct(token, { name: 'Sitemap Test Sorrel Scrub', price: 61.25, image: '/api/files/demo/mango-lip-balm.svg', countInStock: 4 });
    try {
      expect(await (await fetch(`${shop}/sitemap.xml`)).text()).toContain(`${shop}/product/${added._id}`);
      const page = await getHtml(`/product/${added._id}`);
      expect(page.status).toBe(200);
      expect(metaOf(page.html, 'og:price:amount')).toBe('61.25');
    } finally {
      await deleteProduct(token, added._id);
    }
    expect(await (await fetch(`${shop}/sitemap.xml`)).text()).not.toContain(added._id);
    expect((await getHtml(`/product/${added._id}`)).status).toBe(404);
  });

  it('draws a quantity stepper bounded by the stock, not a list, on the page of a product with a million in stock', async () => {
    const token = await adminToken();
    const added = await createProduct(token, { name: 'Bulk Test Shea Butter', price: 30, image: '/api/files/demo/mango-lip-balm.svg', countInStock: 1_000_000 });
    try {
      const page = await getHtml(`/product/${added._id}`);
      expect(page.status).toBe(200);
      const stepper = /<input[^>]*name="qty"[^>]*>/.exec(page.html)?.[0] ?? '';
      expect(stepper).toContain('type="number"');
      expect(stepper).toContain('max="1000000"');
      expect(page.html).not.toMatch(/<select[^>]*name="qty"/);
      // The page stays small.
      expect(page.html.length).toBeLessThan(200_000);
    } finally {
      await deleteProduct(token, added._id);
    }
  });

  it('renders the home, products (with search and filter from the URL), media and contact pages', async () => {
    const home = await getHtml('/');
    expect(home.status).toBe(200);
    expect(home.html).toContain("What&#x27;s Trending?");
    expect(home.html).toContain(products[0]?.name.replace(/&/g, '&amp;'));

    const search = await getHtml('/products/coconut');
    expect(search.status).toBe(200);
    expect(search.html).toMatch(/\d+ products? for &quot;coconut&quot;/);
    expect(metaOf(search.html, 'robots')).toBe('noindex');

    const type = products[0]?.type ?? '';
    const filtered = await getHtml(`/products?type=${encodeURIComponent(type)}`);
    expect(filtered.html).toContain(`<option value="${type}" selected="">`);

    for (const path of ['/media', '/contact']) {
      const page = await getHtml(path);
      expect(page.status).toBe(200);
      expect(page.html).toContain('id="ssr-data"');
    }
  });

  it('sends the shell for the screens drawn in the browser, never cached by a shared cache', async () => {
    for (const path of ['/cart', '/checkout', '/tracking']) {
      const page = await getHtml(path);
      expect(page.status).toBe(200);
      // The checkout and tracking (issue 29) are drawn by the server too, for a browser without scripts (a shopper's own
      // page: kept nowhere).
      expect(page.headers.get('cache-control')).toBe(path === '/cart' ? 'no-cache' : 'no-store');
      expect(page.html).not.toContain('id="ssr-data"');
      expect(page.html).toContain('<div id="root">');
    }
  });
});

/** Public pages besides the products, in the sitemap. */
const STATIC_PATHS = ['/', '/products', '/media', '/contact', '/delivery', '/returns', '/privacy'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** sitemap.xml: the public pages and every product on sale (the gateway's `GET /api/products`). */
export function sitemapXml(origin: string, products: { _id: string }[]): string {
  const urls = [...STATIC_PATHS, ...products.map((product) => `/product/${encodeURIComponent(product._id)}`)];
  const entries = urls.map((path) => `  <url><loc>${escapeXml(new URL(path, `${origin}/`).toString())}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; the shopper's own pages (cart, checkout, tracking) are not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /checkoutInPerson/',
    'Disallow: /checkoutTransfer/',
    'Disallow: /tracking',
    'Disallow: /api/',
    'Allow: /api/files/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', `${origin}/`).toString()}`,
    '',
  ].join('\n');
}

import type { Product } from '@shop/contracts';
import { headOfPage, productHead, shortDescription } from './head';

const product = (overrides: Partial<Product> = {}): Product => ({
  _id: '3f0c8e9a-1111-4222-8333-444455556666',
  name: 'Cocoa & Coffee "Polish"',
  price: 1250,
  oldprice: 0,
  image: '/api/files/demo/images/a-w800.webp',
  subimages: ['https://cdn.example.com/b.jpg'],
  description: 'A rich scrub </script><script>alert(1)</script> for dry skin.',
  countInStock: 0,
  promotext: '',
  type: 'Scrub',
  purchases: 0,
  rating: 4.5,
  numReviews: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  visible: true,
  maxPrice: 1250,
  ingredients: '',
  howToUse: '',
  size: '',
  suitedFor: '',
  reviews: [],
  options: [],
  variants: [],
  ...overrides,
});

const jsonLdOf = (tags: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(tags)?.[1] ?? 'null');

describe('productHead', () => {
  it('carries the product as Open Graph, Twitter and JSON-LD with absolute URLs, TTD and availability', () => {
    const { title, tags } = productHead(product(), 'https://shop.example.tt');
    expect(title).toBe('Cocoa & Coffee "Polish" | Island Glow');
    expect(tags).toContain('<link rel="canonical" href="https://shop.example.tt/product/3f0c8e9a-1111-4222-8333-444455556666" />');
    expect(tags).toContain('<meta property="og:image" content="https://shop.example.tt/og/product/3f0c8e9a-1111-4222-8333-444455556666.jpg" />');
    expect(tags).toContain('<meta property="og:image:width" content="1200" />');
    expect(tags).toContain('<meta property="og:title" content="Cocoa &amp; Coffee &quot;Polish&quot; | Island Glow" />');
    expect(tags).toContain('<meta property="product:price:amount" content="1250.00" />');
    expect(tags).toContain('<meta property="product:availability" content="out of stock" />');
    expect(tags).toContain('<meta name="twitter:data1" content="TT$1,250.00" />');
    const ld = jsonLdOf(tags);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Cocoa & Coffee "Polish"',
      image: [
        'https://shop.example.tt/og/product/3f0c8e9a-1111-4222-8333-444455556666.jpg',
        'https://shop.example.tt/api/files/demo/images/a-w800.webp',
        'https://cdn.example.com/b.jpg',
      ],
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      offers: { '@type': 'Offer', price: '1250.00', priceCurrency: 'TTD', availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('never lets product text close the JSON-LD script', () => {
    const { tags } = productHead(product(), 'https://shop.example.tt');
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLdOf(tags).description).toContain('</script><script>');
  });

  it('says in stock when there is stock', () => {
    const { tags } = productHead(product({ countInStock: 3 }), 'https://shop.example.tt');
    expect(jsonLdOf(tags).offers.availability).toBe('https://schema.org/InStock');
    expect(tags).toContain('<meta property="og:availability" content="instock" />');
  });
});

describe('productHead of a product with options (issue 28)', () => {
  const variant = (id: string, valueIds: string[], price: number, countInStock: number, image: string | null) => ({
    _id: id,
    valueIds,
    label: valueIds.map((v) => ({ s16: '16 oz', s8: '8 oz', co: 'Cocoa', va: 'Vanilla' })[v]).join(' / '),
    sku: `SKU-${id}`,
    price,
    oldprice: 0,
    countInStock,
    image,
    active: true,
  });
  const withOptions = product({
    options: [
      { id: 'size', name: 'Size', values: [{ id: 's8', label: '8 oz' }, { id: 's16', label: '16 oz' }] },
      { id: 'shade', name: 'Shade', values: [{ id: 'co', label: 'Cocoa', swatch: '#7b4a2d' }, { id: 'va', label: 'Vanilla' }] },
    ],
    variants: [
      variant('v-8-co', ['s8', 'co'], 100, 5, null),
      variant('v-16-va', ['s16', 'va'], 180, 0, '/api/files/images/vanilla-w800.webp'),
    ],
  });

  it("a variant's address carries its price, stock, name and picture, and the JSON-LD is a ProductGroup with every variant", () => {
    const { title, tags } = productHead(withOptions, 'https://shop.example.tt', 'v-16-va');
    const base = 'https://shop.example.tt/product/3f0c8e9a-1111-4222-8333-444455556666';
    expect(title).toBe('Cocoa & Coffee "Polish" - 16 oz / Vanilla | Island Glow');
    expect(tags).toContain(`<link rel="canonical" href="${base}" />`);
    expect(tags).toContain(`<meta property="og:url" content="${base}?variant=v-16-va" />`);
    expect(tags).toContain('<meta property="og:image" content="https://shop.example.tt/og/product/3f0c8e9a-1111-4222-8333-444455556666.jpg?variant=v-16-va" />');
    expect(tags).toContain('<meta property="product:price:amount" content="180.00" />');
    expect(tags).toContain('<meta property="og:availability" content="oos" />');
    const ld = jsonLdOf(tags);
    expect(ld).toMatchObject({ '@type': 'ProductGroup', productGroupID: withOptions._id, variesBy: ['https://schema.org/size', 'https://schema.org/color'] });
    expect(ld.offers).toBeUndefined();
    expect(ld.hasVariant).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'Cocoa & Coffee "Polish" - 8 oz / Cocoa',
        sku: 'SKU-v-8-co',
        size: '8 oz',
        color: 'Cocoa',
        url: `${base}?variant=v-8-co`,
        image: 'https://shop.example.tt/api/files/demo/images/a-w800.webp',
        offers: expect.objectContaining({ price: '100.00', availability: 'https://schema.org/InStock' }),
      }),
      expect.objectContaining({
        image: 'https://shop.example.tt/api/files/images/vanilla-w800.webp',
        offers: expect.objectContaining({ price: '180.00', availability: 'https://schema.org/OutOfStock' }),
      }),
    ]);
  });

  it('an unknown variant id gives the default variant (the first in stock) under the product address', () => {
    const page = headOfPage('product', { product: withOptions }, new URL('http://x/product/1?variant=nonsense'), 'https://shop.example.tt');
    expect(page.status).toBe(200);
    expect(page.head.title).toBe('Cocoa & Coffee "Polish" | Island Glow');
    expect(page.head.tags).toContain('<meta property="product:price:amount" content="100.00" />');
    expect(page.head.tags).toContain('<meta property="og:image" content="https://shop.example.tt/og/product/3f0c8e9a-1111-4222-8333-444455556666.jpg" />');
  });
});

describe('headOfPage', () => {
  it("titles the owner's pages, describes them with their first words, and answers 503 when the settings could not be read", () => {
    const page = headOfPage('returns', { kind: 'returns', text: 'Message us within 7 days.\n\nMore.' }, new URL('http://x/returns'), 'https://s.tt');
    expect(page.status).toBe(200);
    expect(page.head.title).toBe('Returns and Refunds | Island Glow');
    expect(page.head.tags).toContain('<meta name="description" content="Message us within 7 days. More." />');
    expect(page.head.tags).toContain('<link rel="canonical" href="https://s.tt/returns" />');
    const down = headOfPage('privacy', { kind: 'privacy', text: { $rejected: { message: 'down', status: 503 } } }, new URL('http://x/privacy'), 'https://s.tt');
    expect(down.status).toBe(503);
  });

  it('answers 404 with noindex for a product the gateway did not find', () => {
    const page = headOfPage('product', { product: { $rejected: { message: 'Product not found', status: 404 } } }, new URL('http://x/product/1'), 'https://shop.example.tt');
    expect(page.status).toBe(404);
    expect(page.head.tags).toContain('<meta name="robots" content="noindex" />');
  });

  it('keeps the type filter and page in the canonical URL of the products list and marks searches noindex', () => {
    const list = headOfPage('products', { query: { q: '', type: 'Scrub', page: 2 }, page: { products: [], page: 2, pages: 2, total: 9 } }, new URL('http://x/products'), 'https://s.tt');
    expect(list.head.tags).toContain('<link rel="canonical" href="https://s.tt/products?type=Scrub&amp;page=2" />');
    expect(list.head.tags).not.toContain('noindex');
    const search = headOfPage('products', { query: { q: 'shea', type: '', page: 1 }, page: { products: [], page: 1, pages: 0, total: 0 } }, new URL('http://x/'), 'https://s.tt');
    expect(search.head.tags).toContain('noindex');
  });
});

describe('shortDescription', () => {
  it('keeps short text and cuts long text at a word, at most 155 characters', () => {
    expect(shortDescription('  A  light oil. ')).toBe('A light oil.');
    const long = shortDescription('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(155);
    expect(long.endsWith('word…')).toBe(true);
  });
});

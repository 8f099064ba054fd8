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
  reviews: [],
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

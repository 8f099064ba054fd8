import type { Product, ProductPage, ProductVariant } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { paths } from '../config/paths';
import { SHOP_PAGE_TITLES } from '../config/shop-pages';
import { chosenVariant, variantDisplayName, variantPicture } from '../lib/product-variants';

/** What a server-rendered page puts in `<head>`: its title and the tags (HTML) after it. */
export interface HeadTags {
  title: string;
  tags: string;
}

export const SITE_NAME = 'Island Glow';
export const SITE_DESCRIPTION =
  'Island Glow: hair and beauty care made for Caribbean sun, salt and humidity. Shop online in Trinidad and Tobago.';
/** The picture shared for pages without their own (home, products, media, contact). */
export const SITE_IMAGE = '/images/Model1.png';
/** Size of the Open Graph picture the SSR server draws for each product (og-image.ts). */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** The URL of a product's Open Graph picture (drawn by the SSR server from the product's, or the variant's, picture). */
export function ogImagePath(productId: string, variantId?: string): string {
  return `/og/product/${encodeURIComponent(productId)}.jpg${variantId ? `?variant=${encodeURIComponent(variantId)}` : ''}`;
}

/** schema.org's properties a product group may vary by (`variesBy`), by the option's name as the owner writes it. */
const VARIES_BY: Record<string, 'size' | 'color' | 'material' | 'pattern'> = { size: 'size', shade: 'color', colour: 'color', color: 'color', material: 'material', pattern: 'pattern' };

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside `<script type="application/ld+json">`: nothing in it may close the element. */
function ldJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function absolute(origin: string, url: string): string {
  return new URL(url, `${origin}/`).toString();
}

/** At most 155 characters, cut at a word, for search results and link previews. */
export function shortDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= 155) return clean;
  const cut = clean.slice(0, 152);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  /** The page's own address for `og:url` (a variant's, issue 28); the canonical one when left out. */
  url?: string;
  image: string;
  imageAlt: string;
  imageSize?: { width: number; height: number };
  type: 'website' | 'product';
  noindex?: boolean;
  extra?: string[];
}

function meta(attr: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
}

function tagsOf(page: PageMeta): HeadTags {
  const tags = [
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(page.canonical)}" />`,
    ...(page.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_TT'),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.url ?? page.canonical),
    meta('property', 'og:image', page.image),
    ...(page.image.startsWith('https:') ? [meta('property', 'og:image:secure_url', page.image)] : []),
    ...(page.imageSize
      ? [meta('property', 'og:image:width', String(page.imageSize.width)), meta('property', 'og:image:height', String(page.imageSize.height))]
      : []),
    meta('property', 'og:image:alt', page.imageAlt),
    meta('name', 'twitter:card', page.type === 'product' ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', page.image),
    meta('name', 'twitter:image:alt', page.imageAlt),
    ...(page.extra ?? []),
  ];
  return { title: page.title, tags: tags.join('\n    ') };
}

/** A JSON-LD `Offer` for a price and its stock at the page's address. */
function offerOf(url: string, price: number, inStock: boolean) {
  return {
    '@type': 'Offer',
    url,
    price: price.toFixed(2),
    priceCurrency: 'TTD',
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: SITE_NAME },
  };
}

/** Each variant of a product with options as a JSON-LD `Product` with its own SKU, picture, values and offer. */
function variantsLd(product: Product, origin: string) {
  return product.variants.map((variant: ProductVariant) => {
    const url = absolute(origin, paths.product(product._id, variant._id));
    const values = product.options.map((option, i) => ({ option, label: option.values.find((v) => v.id === variant.valueIds[i])?.label ?? '' }));
    const known = values.filter(({ option }) => VARIES_BY[option.name.trim().toLowerCase()]);
    const other = values.filter(({ option }) => !VARIES_BY[option.name.trim().toLowerCase()]);
    return {
      '@type': 'Product',
      '@id': `${url}#variant`,
      name: variantDisplayName(product, variant),
      sku: variant.sku || variant._id,
      url,
      image: absolute(origin, variantPicture(product, variant)),
      ...Object.fromEntries(known.map(({ option, label }) => [VARIES_BY[option.name.trim().toLowerCase()], label])),
      ...(other.length > 0 ? { additionalProperty: other.map(({ option, label }) => ({ '@type': 'PropertyValue', name: option.name, value: label })) } : {}),
      offers: offerOf(url, variant.price, variant.countInStock > 0),
    };
  });
}

/**
 * Open Graph, Twitter and JSON-LD for one product: a `Product` with its `Offer`, or for a product with options
 * (issue 28) a `ProductGroup` with each variant in `hasVariant` and what they vary by. The figures and the preview
 * picture are the variant's the page shows (`?variant=`, else the default one), so a shared link shows that shade.
 */
export function productHead(product: Product, origin: string, variantId?: string | null): HeadTags {
  const variant = product.options.length > 0 ? chosenVariant(product, variantId) : undefined;
  const named = variant !== undefined && variant._id === variantId;
  const canonical = absolute(origin, paths.product(product._id));
  const pageUrl = named ? absolute(origin, paths.product(product._id, variant._id)) : canonical;
  const inStock = (variant?.countInStock ?? product.countInStock) > 0;
  const price = (variant?.price ?? product.price).toFixed(2);
  const priceText = formatTTD(variant?.price ?? product.price);
  const description = shortDescription(product.description);
  const name = named ? variantDisplayName(product, variant) : product.name;
  // The plain address's preview is the default variant's picture already (the SSR server picks it the same way).
  const image = absolute(origin, ogImagePath(product._id, named ? variant._id : undefined));
  const common = {
    '@context': 'https://schema.org',
    '@id': `${canonical}#product`,
    name: product.name,
    description: product.description,
    url: canonical,
    image: [image, ...[product.image, ...product.subimages].filter(Boolean).map((src) => absolute(origin, src))],
    ...(product.type ? { category: product.type } : {}),
    brand: { '@type': 'Brand', name: SITE_NAME },
    ...(product.numReviews > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.numReviews } }
      : {}),
  };
  const jsonLd = variant
    ? {
        ...common,
        '@type': 'ProductGroup',
        productGroupID: product._id,
        variesBy: [...new Set(product.options.map((o) => VARIES_BY[o.name.trim().toLowerCase()]).filter(Boolean))].map((p) => `https://schema.org/${p}`),
        hasVariant: variantsLd(product, origin),
      }
    : { ...common, '@type': 'Product', sku: product._id, offers: offerOf(canonical, product.price, inStock) };
  return tagsOf({
    title: `${name} | ${SITE_NAME}`,
    description,
    canonical,
    url: pageUrl,
    image,
    imageAlt: name,
    imageSize: { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT },
    type: 'product',
    extra: [
      meta('property', 'og:price:amount', price),
      meta('property', 'og:price:currency', 'TTD'),
      meta('property', 'og:availability', inStock ? 'instock' : 'oos'),
      meta('property', 'product:price:amount', price),
      meta('property', 'product:price:currency', 'TTD'),
      meta('property', 'product:availability', inStock ? 'in stock' : 'out of stock'),
      meta('name', 'twitter:label1', 'Price'),
      meta('name', 'twitter:data1', priceText),
      meta('name', 'twitter:label2', 'Availability'),
      meta('name', 'twitter:data2', inStock ? 'In stock' : 'Out of stock'),
      `<script type="application/ld+json">${ldJson(jsonLd)}</script>`,
    ],
  });
}

function siteHead(origin: string, path: string, title: string, description: string, noindex = false): HeadTags {
  return tagsOf({
    title,
    description,
    canonical: absolute(origin, path),
    image: absolute(origin, SITE_IMAGE),
    imageAlt: `${SITE_NAME}: hair and beauty care`,
    type: 'website',
    noindex,
  });
}

/** The `<head>` of a server-rendered screen and its HTTP status, from its (settled) loader data. */
export function headOfPage(routeId: string, data: unknown, url: URL, origin: string): { status: number; head: HeadTags } {
  const loaded = (data ?? {}) as Record<string, unknown>;
  switch (routeId) {
    case 'home':
      return { status: 200, head: siteHead(origin, '/', `${SITE_NAME} | Hair & Beauty, Trinidad and Tobago`, SITE_DESCRIPTION) };
    case 'products': {
      const query = loaded['query'] as { q: string; type: string; page: number };
      const page = loaded['page'] as ProductPage | { $rejected: unknown };
      const params = new URLSearchParams();
      if (query.type) params.set('type', query.type);
      if (query.page > 1) params.set('page', String(query.page));
      const search = params.size > 0 ? `?${params}` : '';
      const path = `${query.q ? `/products/${encodeURIComponent(query.q)}` : '/products'}${search}`;
      const title = `${query.q ? `Search: ${query.q}` : 'Products'} | ${SITE_NAME}`;
      const status = '$rejected' in page ? 503 : 200;
      // Search results are for shoppers, not for the index: only the plain list (and its type filters) is indexed.
      return {
        status,
        head: siteHead(origin, path, title, "Explore Island Glow's hair and beauty products: moisturizers, scrubs, lip balms and more, priced in TT$.", Boolean(query.q)),
      };
    }
    case 'product': {
      const product = loaded['product'] as Product | { $rejected: { status: number } };
      if ('$rejected' in product) {
        const status = product.$rejected.status === 404 ? 404 : 503;
        return { status, head: siteHead(origin, url.pathname, `Product | ${SITE_NAME}`, SITE_DESCRIPTION, true) };
      }
      return { status: 200, head: productHead(product, origin, url.searchParams.get('variant')) };
    }
    case 'media':
      return { status: 200, head: siteHead(origin, '/media', `Media | ${SITE_NAME}`, 'Photos and videos of Island Glow products and the people who use them.') };
    case 'contact':
      return { status: 200, head: siteHead(origin, '/contact', `Contact Us | ${SITE_NAME}`, 'Questions about an order or a product? Write to Island Glow, Trinidad and Tobago.') };
    case 'delivery':
    case 'returns':
    case 'privacy': {
      const text = loaded['text'] as string | null | { $rejected: unknown };
      const status = text !== null && typeof text === 'object' ? 503 : 200;
      const description = typeof text === 'string' && text.trim() ? shortDescription(text) : SITE_DESCRIPTION;
      return { status, head: siteHead(origin, `/${routeId}`, `${SHOP_PAGE_TITLES[routeId]} | ${SITE_NAME}`, description) };
    }
    case 'checkout':
      return { status: 200, head: siteHead(origin, '/checkout', `Checkout | ${SITE_NAME}`, SITE_DESCRIPTION, true) };
    case 'checkout-in-person':
      return { status: 200, head: siteHead(origin, url.pathname, `Your Order | ${SITE_NAME}`, SITE_DESCRIPTION, true) };
    case 'tracking':
      return { status: 200, head: siteHead(origin, '/tracking', `Track Orders | ${SITE_NAME}`, SITE_DESCRIPTION, true) };
    case 'tracking-order':
      return { status: 200, head: siteHead(origin, url.pathname, `Track Your Order | ${SITE_NAME}`, SITE_DESCRIPTION, true) };
    default:
      return { status: 404, head: siteHead(origin, url.pathname, `Page Not Found | ${SITE_NAME}`, SITE_DESCRIPTION, true) };
  }
}

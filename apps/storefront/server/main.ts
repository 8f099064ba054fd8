/**
 * The storefront's SSR server (Express): renders the public screens (home,
 * products, product, media, contact) on the server with the same routes and loaders as the browser, sends
 * the shell for the others, serves the built files, sitemap.xml, robots.txt and each product's link-preview
 * picture, and (for `npm start`, the tests and any setup without the edge proxy) passes /api to the gateway.
 *
 * Environment: PORT (4200), HOST (0.0.0.0), GATEWAY_URL (http://localhost:3000), STOREFRONT_URL (the public
 * origin; else taken from the request), STOREFRONT_CLIENT_DIR (the browser build; default ../storefront next to
 * this file), PAGE_CACHE_SECONDS (30: how long the edge proxy may keep a public page; browsers always ask again), S3_PUBLIC_BASE_URL (where
 * uploads are read from when they live in a bucket: the only address besides the gateway's /api/files/ that the
 * link-preview picture is fetched from), OG_IMAGE_MAX_BYTES (5 MB: the largest picture it downloads).
 * NODE_ENV (production adds Strict-Transport-Security). The bucket address is also allowed by the page's
 * Content-Security-Policy. A staging shop's pages carry the test-shop banner (test-shop-banner.ts).
 */
import { readFileSync } from 'node:fs';
import { globalAgent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { drawOgImage, OgImageCache } from './og-image';
import { fetchPicture, ownPictureUrl } from './og-source';
import type { RenderContext, RenderModule } from '../src/app/render-contract';
import { pageHtml, shellHtml, withInlineStyles } from './html-template';
import { postCheckout } from './checkout-post';
import { postContact } from './contact-post';
import { orderAccessOf, postOrderCode, postOrderLookup } from './tracking-post';
import { postNotify, postUnsubscribe } from './notify-post';
import { cookieVisitorId, forwardedFor, isSameOriginPost } from './form-post';
import { inlineStylesOf, storefrontSecurityHeaders } from './security-headers';
import { productIdOfReviewPost } from '../src/features/reviews/review-outcome';
import { productIdOfNotifyPost, UNSUBSCRIBE_PATH } from '../src/features/back-in-stock/notify-outcome';
import { postReview } from './review-post';
import { postTransferProof } from './transfer-proof-post';
import { pageOfProofPost } from '../src/features/orders/transfer-proof-outcome';
import type { Product } from '@shop/contracts';
import { chosenVariant, variantPicture } from '../src/lib/product-variants';
import { robotsTxt, sitemapXml } from './sitemap';
import { PaymentModeCache, withTestShopBanner } from './test-shop-banner';

const here = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.PORT ?? 4200);
const host = process.env.HOST ?? '0.0.0.0';
const gatewayUrl = new URL(process.env.GATEWAY_URL ?? 'http://localhost:3000');
const apiUrl = new URL('/api', gatewayUrl).toString();
const configuredOrigin = process.env.STOREFRONT_URL ? new URL(process.env.STOREFRONT_URL).origin : undefined;
const clientDir = resolve(process.env.STOREFRONT_CLIENT_DIR ?? join(here, '../storefront'));
const pageCacheSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 30);
const storageBaseUrl = process.env.S3_PUBLIC_BASE_URL ? new URL(process.env.S3_PUBLIC_BASE_URL) : undefined;
const ogImageMaxBytes = Number(process.env.OG_IMAGE_MAX_BYTES ?? 5 * 1024 * 1024);
if (!Number.isInteger(ogImageMaxBytes) || ogImageMaxBytes < 1024) throw new Error('OG_IMAGE_MAX_BYTES must be a whole number of bytes, at least 1024');

const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
// Server-rendered pages carry the style sheet in the page; the shell (client-drawn screens) keeps the link, which
// the service worker precaches.
const pageTemplate = withInlineStyles(template, (href) => readFileSync(join(clientDir, href.replace(/^\//, '')), 'utf8'));
const securityHeaders = storefrontSecurityHeaders({
  inlineStyles: inlineStylesOf(pageTemplate),
  imageOrigins: process.env.S3_PUBLIC_BASE_URL ? [new URL(process.env.S3_PUBLIC_BASE_URL).origin] : [],
  production: process.env.NODE_ENV === 'production',
});
const { render } = (await import(pathToFileURL(join(here, 'render.mjs')).href)) as RenderModule;

const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';

/**
 * Sends a body with its headers. Express adds the ETag (of the uncompressed bytes), answers a HEAD, and answers
 * 304 when the browser's copy is current (`res.send` checks `req.fresh`); the compression middleware encodes it.
 */
function send(res: Response, status: number, type: string, body: string | Buffer, headers: Record<string, string>): void {
  // setHeader and a Buffer, not res.set and a string: Express would add a charset to the JSON type.
  res.status(status).setHeader('Content-Type', type);
  res.set(headers).send(typeof body === 'string' ? Buffer.from(body) : body);
}

const UNAVAILABLE = JSON.stringify({ message: 'Service temporarily unavailable, please try again shortly' });

function cacheOfFile(pathname: string): string {
  // Hashed names never change content; the service worker and the manifest must be checked on every visit.
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (pathname === '/sw.js' || pathname.startsWith('/workbox-') || pathname.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=86400';
}

/** The origin links in pages point at: STOREFRONT_URL, else the request's own host. */
function originOf(req: Request): string {
  if (configuredOrigin) return configuredOrigin;
  const proto = String(req.headers['x-forwarded-proto'] ?? 'http').split(',')[0]?.trim() || 'http';
  return `${proto}://${req.headers['x-forwarded-host'] ?? req.headers.host ?? `localhost:${port}`}`;
}

/**
 * Passes /api to the gateway as it is (body streamed, cookies both ways, its answer untouched and never compressed
 * again), with the client's address: the gateway's rate limits key on it.
 */
const apiProxy = createProxyMiddleware<Request, Response>({
  target: gatewayUrl.origin,
  pathFilter: (path) => path === '/api' || path.startsWith('/api/'),
  changeOrigin: true,
  // Node's shared agent (keep-alive), as the server's own calls to the gateway use.
  agent: globalAgent,
  on: {
    proxyReq: (upstream, req) => {
      upstream.setHeader('X-Forwarded-For', forwardedFor(req));
      upstream.setHeader('X-Forwarded-Host', req.headers.host ?? '');
      upstream.setHeader('X-Forwarded-Proto', 'http');
    },
    error: (_error, _req, res) => {
      if ('headersSent' in res && !res.headersSent) send(res, 502, JSON_TYPE, UNAVAILABLE, { 'Cache-Control': 'no-store' });
      else res.destroy();
    },
  },
});

/** A call to the gateway (the only host this is used for: pictures go through og-source.ts). */
async function fetchBuffer(url: URL): Promise<{ status: number; body: Buffer }> {
  return new Promise((done, fail) => {
    const get = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const call = get(url, { timeout: 10_000 }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => done({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks) }));
      answer.on('error', fail);
    });
    call.on('timeout', () => call.destroy(new Error(`${url} timed out`)));
    call.on('error', fail);
    call.end();
  });
}

const ogImages = new OgImageCache();

/** A product's (or, with `?variant=`, its variant's: issue 28) link-preview picture. */
async function ogImage(req: Request, res: Response, id: string): Promise<void> {
  const product = await fetchBuffer(new URL(`/api/products/${encodeURIComponent(id)}`, gatewayUrl));
  if (product.status !== 200) {
    send(res, product.status === 404 || product.status === 400 ? 404 : 503, JSON_TYPE, JSON.stringify({ message: 'Product not found' }), { 'Cache-Control': 'no-store' });
    return;
  }
  const loaded = JSON.parse(product.body.toString('utf8')) as Pick<Product, 'image' | 'options' | 'variants'>;
  const variantId = typeof req.query.variant === 'string' ? req.query.variant : undefined;
  const variant = Array.isArray(loaded.options) && loaded.options.length > 0 && Array.isArray(loaded.variants) ? chosenVariant(loaded, variantId) : undefined;
  const image = variantPicture(loaded, variant);
  const drawn = await ogPicture(typeof image === 'string' ? image : '');
  send(res, 200, 'image/jpeg', drawn, { 'Cache-Control': 'public, max-age=3600' });
}

/** The shop's default picture, drawn for previews whose product picture is not the shop's own or cannot be read. */
const DEFAULT_PICTURE = '/icons/icon-512.png';

/**
 * A product picture drawn for link previews, fetched only from the shop's own storage (og-source.ts); anything else,
 * or a picture that cannot be fetched or drawn, gives the default picture.
 */
async function ogPicture(image: string): Promise<Buffer> {
  const kept = ogImages.get(image);
  if (kept) return kept;
  const source = ownPictureUrl(image, { gatewayUrl, storageBaseUrl });
  const picture = source ? await fetchPicture(source, ogImageMaxBytes) : null;
  const drawn = picture ? await drawOgImage(picture).catch(() => null) : null;
  if (!drawn) {
    if (source) console.warn(`storefront-ssr: the picture ${source.href} could not be used for a link preview; the default one is shown`);
    return defaultOgPicture();
  }
  ogImages.set(image, drawn);
  return drawn;
}

let defaultDrawn: Promise<Buffer> | undefined;
function defaultOgPicture(): Promise<Buffer> {
  defaultDrawn ??= drawOgImage(readFileSync(join(clientDir, DEFAULT_PICTURE)));
  return defaultDrawn;
}

async function sitemap(req: Request, res: Response): Promise<void> {
  const answer = await fetchBuffer(new URL('/api/products', gatewayUrl));
  if (answer.status !== 200) throw new Error(`GET /api/products answered ${answer.status}`);
  const products = JSON.parse(answer.body.toString('utf8')) as { _id: string }[];
  send(res, 200, 'application/xml; charset=utf-8', sitemapXml(originOf(req), products), { 'Cache-Control': `public, max-age=${pageCacheSeconds * 10}` });
}

const shell = shellHtml(template);
const stagingShell = withTestShopBanner(shell);

const paymentMode = new PaymentModeCache(async () => {
  const answer = await fetchBuffer(new URL('/api/payments/mode', gatewayUrl));
  if (answer.status !== 200) throw new Error(`GET /api/payments/mode answered ${answer.status}`);
  return (JSON.parse(answer.body.toString('utf8')) as { testPayments?: unknown }).testPayments === true;
});

/** The shell, with the banner in a staging shop. */
async function shellFor(): Promise<string> {
  return (await paymentMode.testPayments()) ? stagingShell : shell;
}

async function page(req: Request, res: Response, url: URL, context?: RenderContext, extraHeaders: Record<string, string> = {}): Promise<void> {
  const origin = originOf(req);
  const result = await render(new Request(new URL(url.pathname + url.search, origin), { method: 'GET' }), { apiUrl, origin, context });
  if (result.kind === 'redirect') {
    res.status(result.status).set({ ...extraHeaders, Location: result.location, 'Cache-Control': 'no-store' }).end();
    return;
  }
  if (result.kind === 'shell') {
    // The shopper's own screens: drawn in the browser, never kept by a shared cache.
    send(res, 200, HTML, await shellFor(), { 'Cache-Control': 'no-cache' });
    return;
  }
  const rendered = pageHtml(pageTemplate, result);
  const html = (await paymentMode.testPayments()) ? withTestShopBanner(rendered) : rendered;
  // Public pages: the browser asks again every time (`no-cache`, answered 304 by ETag when nothing changed) and never
  // shows a copy it kept, not even while it asks (a `stale-while-revalidate` meant for the edge let browsers show
  // the page as it was before a review, a price change or a deletion). The edge proxy (nginx) may keep the page
  // briefly: X-Accel-Expires is its own header, which it takes over Cache-Control and does not pass on.
  // A shopper's own page (a checkout, a form posted back with what they typed) is never kept anywhere.
  const headers: Record<string, string> =
    result.status === 200 && !result.personal ? { 'Cache-Control': 'public, no-cache', 'X-Accel-Expires': String(pageCacheSeconds) } : { 'Cache-Control': 'no-store' };
  send(res, result.status, HTML, html, { ...headers, ...extraHeaders });
}

/** The public forms this server answers without scripts, by path. */
const FORM_POSTS: Record<string, typeof postCheckout> = { '/checkout': postCheckout, '/contact': postContact, '/tracking': postOrderLookup, '/tracking/code': postOrderCode, [UNSUBSCRIBE_PATH]: postUnsubscribe };

const app = express();
app.disable('x-powered-by');
// The ETag of what `send` sends is that of its uncompressed bytes, the same whatever the encoding.
app.set('etag', 'strong');

app.use(apiProxy);
// Every answer of this server from here on is compressed when worth it (text over 512 bytes, br when the browser
// takes it, else gzip) and carries the security headers; /api answers stay as the gateway sent them.
app.use(
  compression({
    threshold: 513,
    level: zlib.Z_BEST_COMPRESSION,
    // Each answer is compressed as it is sent: brotli's quality 5 is near its best size at a fraction of the time.
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  }),
);
app.use((_req, res, next) => {
  res.set(securityHeaders);
  next();
});

app.post(/^\/product\/[^/]+\/review$/, (req, res) => postReview(req, res, gatewayUrl, productIdOfReviewPost(req.path) ?? ''));
// Issue 28's "Notify me" on a sold-out product: a shopper's contact, so only from a page of this shop.
app.post(/^\/product\/[^/]+\/notify$/, (req, res) => {
  if (!isSameOriginPost(req, originOf(req))) return send(res, 403, TEXT, "This form can only be sent from the shop's own page.\n", { 'Cache-Control': 'no-store' });
  return postNotify(req, res, gatewayUrl, productIdOfNotifyPost(req.path) ?? '', (to, context, headers) => page(req, res, new URL(to, 'http://localhost'), context, headers));
});
// Issue 29: a shopper's proof of transfer, from the order's result or tracking page (a file: streamed to the gateway).
app.post(/^\/(checkoutTransfer|tracking)\/[^/]+\/proof$/, (req, res) => {
  if (!isSameOriginPost(req, originOf(req))) return send(res, 403, TEXT, "This form can only be sent from the shop's own page.\n", { 'Cache-Control': 'no-store' });
  const target = pageOfProofPost(req.path);
  if (!target) return send(res, 404, TEXT, 'Not found\n', { 'Cache-Control': 'no-store' });
  return postTransferProof(req, res, gatewayUrl, target, (to, context, headers) => page(req, res, new URL(to, 'http://localhost'), context, headers));
});
for (const [path, posted] of Object.entries(FORM_POSTS)) {
  app.post(path, (req, res) => {
    // Only a page of this shop may post these forms (they place orders and send mail as the shopper).
    if (!isSameOriginPost(req, originOf(req))) return send(res, 403, TEXT, "This form can only be sent from the shop's own page.\n", { 'Cache-Control': 'no-store' });
    return posted(req, res, gatewayUrl, (to, context, headers) => page(req, res, new URL(to, 'http://localhost'), context, headers));
  });
}
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  send(res, 405, JSON_TYPE, JSON.stringify({ message: 'Method not allowed' }), { 'Cache-Control': 'no-store' });
});

app.get('/healthz', (_req, res) => send(res, 200, TEXT, 'ok\n', { 'Cache-Control': 'no-store' }));
app.get('/robots.txt', (req, res) => send(res, 200, TEXT, robotsTxt(originOf(req)), { 'Cache-Control': 'public, max-age=3600' }));
app.get('/sitemap.xml', (req, res) => sitemap(req, res));
app.get('/og/product/:id.jpg', (req, res) => ogImage(req, res, String(req.params.id)));
// The shell by its own name: the service worker precaches it for the screens drawn in the browser.
app.get('/index.html', async (_req, res) => send(res, 200, HTML, await shellFor(), { 'Cache-Control': 'no-cache' }));
// The built files (ETag and 304 by serve-static); a folder or a path that is not a file goes on to the pages.
app.use(
  express.static(clientDir, {
    index: false,
    redirect: false,
    acceptRanges: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', cacheOfFile(res.req.path)),
  }),
);
app.use((req, res, next) => {
  // A missing file (an old chunk after a release): a plain 404, never the page shell in its place.
  if (extname(req.path) && req.path !== '/') return send(res, 404, TEXT, 'Not found\n', { 'Cache-Control': 'no-store' });
  next();
});
app.use((req, res) => page(req, res, new URL(req.originalUrl, 'http://localhost'), { visitorId: cookieVisitorId(req), orderAccess: orderAccessOf(req) }));

app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
  console.error(`storefront-ssr: ${req.method} ${req.originalUrl} failed:`, error);
  if (res.headersSent) res.destroy();
  // A page that could not be rendered (e.g. the gateway is down): the shell lets the browser try by itself.
  // (Without the banner: the gateway may be what failed.)
  else if (req.headers.accept?.includes('text/html')) send(res, 200, HTML, shell, { 'Cache-Control': 'no-store' });
  else send(res, 503, JSON_TYPE, UNAVAILABLE, { 'Cache-Control': 'no-store' });
});

const server = app.listen(port, host, () => console.log(`storefront-ssr listening on http://${host}:${port} (gateway ${gatewayUrl.origin})`));
server.keepAliveTimeout = 65_000;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
